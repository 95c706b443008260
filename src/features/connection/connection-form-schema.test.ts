import { emptyConnection } from '../../api/credentials';
import { connectionFormSchema, toConnection, toFormValues } from './connection-form-schema';

describe('connection form', () => {
  const valid = toFormValues({ ...emptyConnection, secretKey: 's', sessionKey: 'k', chatbotIds: ['demo-bot'] });

  it('round-trips a connection through the form values', () => {
    const connection = { baseUrl: 'https://api.example.com', secretKey: 's', sessionKey: 'k', chatbotIds: ['a', 'b'], remember: true };
    expect(toConnection(toFormValues(connection))).toEqual(connection);
  });

  it('uses this server when "This server" is chosen, whatever address was typed before', () => {
    expect(toConnection({ ...valid, baseMode: 'this-server', baseUrl: 'https://old.example.com' }).baseUrl).toBe('');
  });

  it('drops a trailing slash and duplicate chatbot ids', () => {
    const connection = toConnection({ ...valid, baseMode: 'other', baseUrl: 'https://api.example.com/', chatbotIds: ['a', 'a', 'b'] });
    expect(connection.baseUrl).toBe('https://api.example.com');
    expect(connection.chatbotIds).toEqual(['a', 'b']);
  });

  it('requires at least one chatbot id', () => {
    const result = connectionFormSchema.safeParse({ ...valid, chatbotIds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['chatbotIds']);
  });

  it('refuses another address that is not http(s), naming the field', () => {
    const result = connectionFormSchema.safeParse({ ...valid, baseMode: 'other', baseUrl: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['baseUrl']);
    expect(result.error?.issues[0]?.message).toMatch(/Service address/);
  });
});
