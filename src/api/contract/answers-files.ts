import type { AnswerSchemas } from './answer-schemas';
import { preUploadResponseDataSchema, uploadedFileSchema } from './files';

/** The answers of an upload's two steps. */
export const answers = {
  GetPreUploadUrl: preUploadResponseDataSchema,
  ConfirmUpload: uploadedFileSchema,
} satisfies AnswerSchemas<'GetPreUploadUrl' | 'ConfirmUpload'>;
