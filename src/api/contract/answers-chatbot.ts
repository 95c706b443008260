import type { AnswerSchemas } from './answer-schemas';
import { detailResponseDataSchema, editResponseDataSchema, getSessionResponseDataSchema, modelListResponseDataSchema } from './chatbot';
import { versionDetailResponseDataSchema, versionsResponseDataSchema } from './versions';

/** The answers of the chatbot's own operations: its settings, their versions, sessions and models. */
export const answers = {
  Edit: editResponseDataSchema,
  Detail: detailResponseDataSchema,
  Versions: versionsResponseDataSchema,
  VersionDetail: versionDetailResponseDataSchema,
  GetSession: getSessionResponseDataSchema,
  ModelList: modelListResponseDataSchema,
} satisfies AnswerSchemas<'Edit' | 'Detail' | 'Versions' | 'VersionDetail' | 'GetSession' | 'ModelList'>;
