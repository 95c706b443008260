import { describe, expect, it } from 'vitest';
import { operations, SECRET_KEY_HEADER, SESSION_KEY_HEADER, type OperationName } from './operations';

describe('the operations registry', () => {
  it('holds the operations of the interface and of design.md, at their paths', () => {
    const paths = Object.fromEntries(Object.entries(operations).map(([name, spec]) => [name, `${spec.method} ${spec.path}`]));
    expect(paths).toEqual({
      Edit: 'POST /chat/Chatbot/Edit',
      Detail: 'POST /chat/Chatbot/Detail',
      Versions: 'POST /chat/Chatbot/Versions',
      VersionDetail: 'POST /chat/Chatbot/VersionDetail',
      GetSession: 'POST /chat/Chatbot/GetSession',
      ModelList: 'GET /chat/Chatbot/ModelList',
      ClientAsk: 'POST /chat/Chat/ClientAsk',
      RealEstateCreate: 'POST /chat/Chatbot/RealEstateCreate',
      RealEstateUpdate: 'POST /chat/Chatbot/RealEstateUpdate',
      RealEstateList: 'POST /chat/Chatbot/RealEstateList',
      RealEstateDelete: 'POST /chat/Chatbot/RealEstateDelete',
      RealEstateBatch: 'POST /chat/Chatbot/RealEstateBatch',
      GetPreUploadUrl: 'POST /chat/User/GetPreUploadUrl',
      ConfirmUpload: 'POST /chat/User/ConfirmUpload',
    });
  });

  it('gives each operation the credential of section 5', () => {
    const credentials = Object.fromEntries(Object.entries(operations).map(([name, spec]) => [name, spec.credential]));
    expect(credentials).toEqual({
      Edit: 'secret',
      Detail: 'secret',
      Versions: 'secret',
      VersionDetail: 'secret',
      GetSession: 'secret',
      ModelList: 'secret',
      ClientAsk: 'secret',
      RealEstateCreate: 'secretOrSession',
      RealEstateUpdate: 'secretOrSession',
      RealEstateList: 'session',
      RealEstateDelete: 'secretOrSession',
      RealEstateBatch: 'secretOrSession',
      GetPreUploadUrl: 'secret',
      ConfirmUpload: 'secret',
    });
    expect(SECRET_KEY_HEADER).toBe('authorization');
    expect(SESSION_KEY_HEADER).toBe('chatrobot-sessionkey');
  });

  it('has a request schema for every POST, and one that rejects unknown fields', () => {
    for (const [name, spec] of Object.entries(operations) as [OperationName, (typeof operations)[OperationName]][]) {
      if (spec.method === 'GET') {
        expect(spec.request, name).toBeNull();
        continue;
      }
      const result = spec.request!.safeParse({ UnknownField: 1 });
      expect(result.success, name).toBe(false);
      expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys'), name).toBe(true);
    }
  });
});
