import type { z } from 'zod';
import {
  detailRequestSchema,
  detailResponseDataSchema,
  editRequestSchema,
  editResponseDataSchema,
  getSessionRequestSchema,
  getSessionResponseDataSchema,
  modelListResponseDataSchema,
} from './chatbot';
import { clientAskAnswerSchema, clientAskRequestSchema } from './chat';
import {
  confirmUploadRequestSchema,
  preUploadRequestSchema,
  preUploadResponseDataSchema,
  uploadedFileSchema,
} from './files';
import {
  createListingRequestSchema,
  createListingResponseDataSchema,
  deleteListingsRequestSchema,
  deleteListingsResponseDataSchema,
  listListingsRequestSchema,
  listListingsResponseDataSchema,
  updateListingRequestSchema,
  updateListingResponseDataSchema,
} from './listings';

/**
 * Which credential an operation carries:
 * - `secret`: Authorization with the secret key.
 * - `session`: chatrobot-sessionkey with the session key.
 * - `secretOrSession`: the listing writes, where the interface's header list and its
 *   examples disagree; the client sends Authorization and falls back to the session key
 *   when only that is configured, and the service accepts either.
 */
export type Credential = 'secret' | 'session' | 'secretOrSession';

export interface OperationSpec {
  path: string;
  method: 'GET' | 'POST';
  credential: Credential;
  request: z.ZodType | null;
  response: z.ZodType;
}

function operation<const Spec extends OperationSpec>(spec: Spec): Spec {
  return spec;
}

/** Every operation of the interface and of the choices in design.md, keyed by name. */
export const operations = {
  Edit: operation({
    path: '/chat/Chatbot/Edit',
    method: 'POST',
    credential: 'secret',
    request: editRequestSchema,
    response: editResponseDataSchema,
  }),
  Detail: operation({
    path: '/chat/Chatbot/Detail',
    method: 'POST',
    credential: 'secret',
    request: detailRequestSchema,
    response: detailResponseDataSchema,
  }),
  GetSession: operation({
    path: '/chat/Chatbot/GetSession',
    method: 'POST',
    credential: 'secret',
    request: getSessionRequestSchema,
    response: getSessionResponseDataSchema,
  }),
  ModelList: operation({
    path: '/chat/Chatbot/ModelList',
    method: 'GET',
    credential: 'secret',
    request: null,
    response: modelListResponseDataSchema,
  }),
  ClientAsk: operation({
    path: '/chat/Chat/ClientAsk',
    method: 'POST',
    credential: 'secret',
    request: clientAskRequestSchema,
    response: clientAskAnswerSchema,
  }),
  RealEstateCreate: operation({
    path: '/chat/Chatbot/RealEstateCreate',
    method: 'POST',
    credential: 'secretOrSession',
    request: createListingRequestSchema,
    response: createListingResponseDataSchema,
  }),
  RealEstateUpdate: operation({
    path: '/chat/Chatbot/RealEstateUpdate',
    method: 'POST',
    credential: 'secretOrSession',
    request: updateListingRequestSchema,
    response: updateListingResponseDataSchema,
  }),
  RealEstateList: operation({
    path: '/chat/Chatbot/RealEstateList',
    method: 'POST',
    credential: 'session',
    request: listListingsRequestSchema,
    response: listListingsResponseDataSchema,
  }),
  RealEstateDelete: operation({
    path: '/chat/Chatbot/RealEstateDelete',
    method: 'POST',
    credential: 'secretOrSession',
    request: deleteListingsRequestSchema,
    response: deleteListingsResponseDataSchema,
  }),
  GetPreUploadUrl: operation({
    path: '/chat/User/GetPreUploadUrl',
    method: 'POST',
    credential: 'secret',
    request: preUploadRequestSchema,
    response: preUploadResponseDataSchema,
  }),
  ConfirmUpload: operation({
    path: '/chat/User/ConfirmUpload',
    method: 'POST',
    credential: 'secret',
    request: confirmUploadRequestSchema,
    response: uploadedFileSchema,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type RequestOf<Name extends OperationName> = Operations[Name]['request'] extends z.ZodType
  ? z.input<Operations[Name]['request']>
  : undefined;
export type ResponseOf<Name extends OperationName> = z.output<Operations[Name]['response']>;

/** The header names of the two credentials (section 5). */
export const SECRET_KEY_HEADER = 'authorization';
export const SESSION_KEY_HEADER = 'chatrobot-sessionkey';
export const API_VERSION = '1.0';
