import type * as z from 'zod/mini';
import { endpoints, type Endpoint, type OperationName } from './endpoints';
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
import { batchRequestSchema, batchResponseDataSchema } from './listings-batch';
import {
  versionDetailRequestSchema,
  versionDetailResponseDataSchema,
  versionsRequestSchema,
  versionsResponseDataSchema,
} from './versions';

export * from './endpoints';

/** An endpoint with the schemas of its request body and of its answer's Data. */
export interface OperationSpec extends Endpoint {
  request: z.ZodMiniType | null;
  response: z.ZodMiniType;
}

function operation<const Spec extends OperationSpec>(spec: Spec): Spec {
  return spec;
}

/** Every operation of the interface and of the choices in design.md, keyed by name. */
export const operations = {
  Edit: operation({
    ...endpoints.Edit,
    request: editRequestSchema,
    response: editResponseDataSchema,
  }),
  Detail: operation({
    ...endpoints.Detail,
    request: detailRequestSchema,
    response: detailResponseDataSchema,
  }),
  Versions: operation({
    ...endpoints.Versions,
    request: versionsRequestSchema,
    response: versionsResponseDataSchema,
  }),
  VersionDetail: operation({
    ...endpoints.VersionDetail,
    request: versionDetailRequestSchema,
    response: versionDetailResponseDataSchema,
  }),
  GetSession: operation({
    ...endpoints.GetSession,
    request: getSessionRequestSchema,
    response: getSessionResponseDataSchema,
  }),
  ModelList: operation({
    ...endpoints.ModelList,
    request: null,
    response: modelListResponseDataSchema,
  }),
  ClientAsk: operation({
    ...endpoints.ClientAsk,
    request: clientAskRequestSchema,
    response: clientAskAnswerSchema,
  }),
  RealEstateCreate: operation({
    ...endpoints.RealEstateCreate,
    request: createListingRequestSchema,
    response: createListingResponseDataSchema,
  }),
  RealEstateUpdate: operation({
    ...endpoints.RealEstateUpdate,
    request: updateListingRequestSchema,
    response: updateListingResponseDataSchema,
  }),
  RealEstateList: operation({
    ...endpoints.RealEstateList,
    request: listListingsRequestSchema,
    response: listListingsResponseDataSchema,
  }),
  RealEstateDelete: operation({
    ...endpoints.RealEstateDelete,
    request: deleteListingsRequestSchema,
    response: deleteListingsResponseDataSchema,
  }),
  RealEstateBatch: operation({
    ...endpoints.RealEstateBatch,
    request: batchRequestSchema,
    response: batchResponseDataSchema,
  }),
  GetPreUploadUrl: operation({
    ...endpoints.GetPreUploadUrl,
    request: preUploadRequestSchema,
    response: preUploadResponseDataSchema,
  }),
  ConfirmUpload: operation({
    ...endpoints.ConfirmUpload,
    request: confirmUploadRequestSchema,
    response: uploadedFileSchema,
  }),
} as const satisfies Record<OperationName, OperationSpec>;

export type Operations = typeof operations;
export type RequestOf<Name extends OperationName> = Operations[Name]['request'] extends z.ZodMiniType
  ? z.input<Operations[Name]['request']>
  : undefined;
export type ResponseOf<Name extends OperationName> = z.output<Operations[Name]['response']>;
