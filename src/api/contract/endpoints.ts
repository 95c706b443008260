/**
 * Where each operation lives and which credential it carries, without its schemas: the
 * client needs this to send the first request, and keeping zod out of it lets the app's
 * entry chunk start requests before the schemas (loaded with the first answer) arrive.
 *
 * Credentials:
 * - `secret`: Authorization with the secret key.
 * - `session`: chatrobot-sessionkey with the session key.
 * - `secretOrSession`: the listing writes, where the interface's header list and its
 *   examples disagree; the client sends Authorization and falls back to the session key
 *   when only that is configured, and the service accepts either.
 */
export type Credential = 'secret' | 'session' | 'secretOrSession';

export interface Endpoint {
  path: string;
  method: 'GET' | 'POST';
  credential: Credential;
}

function endpoint<const Spec extends Endpoint>(spec: Spec): Spec {
  return spec;
}

/** Every operation of the interface and of the choices in design.md, keyed by name. */
export const endpoints = {
  Edit: endpoint({ path: '/chat/Chatbot/Edit', method: 'POST', credential: 'secret' }),
  Detail: endpoint({ path: '/chat/Chatbot/Detail', method: 'POST', credential: 'secret' }),
  Versions: endpoint({ path: '/chat/Chatbot/Versions', method: 'POST', credential: 'secret' }),
  VersionDetail: endpoint({ path: '/chat/Chatbot/VersionDetail', method: 'POST', credential: 'secret' }),
  GetSession: endpoint({ path: '/chat/Chatbot/GetSession', method: 'POST', credential: 'secret' }),
  ModelList: endpoint({ path: '/chat/Chatbot/ModelList', method: 'GET', credential: 'secret' }),
  ClientAsk: endpoint({ path: '/chat/Chat/ClientAsk', method: 'POST', credential: 'secret' }),
  RealEstateCreate: endpoint({ path: '/chat/Chatbot/RealEstateCreate', method: 'POST', credential: 'secretOrSession' }),
  RealEstateUpdate: endpoint({ path: '/chat/Chatbot/RealEstateUpdate', method: 'POST', credential: 'secretOrSession' }),
  RealEstateList: endpoint({ path: '/chat/Chatbot/RealEstateList', method: 'POST', credential: 'session' }),
  RealEstateDelete: endpoint({ path: '/chat/Chatbot/RealEstateDelete', method: 'POST', credential: 'secretOrSession' }),
  RealEstateBatch: endpoint({ path: '/chat/Chatbot/RealEstateBatch', method: 'POST', credential: 'secretOrSession' }),
  GetPreUploadUrl: endpoint({ path: '/chat/User/GetPreUploadUrl', method: 'POST', credential: 'secret' }),
  ConfirmUpload: endpoint({ path: '/chat/User/ConfirmUpload', method: 'POST', credential: 'secret' }),
} as const;

export type OperationName = keyof typeof endpoints;

/** The header names of the two credentials (section 5). */
export const SECRET_KEY_HEADER = 'authorization';
export const SESSION_KEY_HEADER = 'chatrobot-sessionkey';
export const API_VERSION = '1.0';
