import * as z from 'zod/mini';

/**
 * The three-step upload (design.md): ask for a pre-signed address, PUT the bytes
 * there, then confirm. The confirm step's name is ours; the hosted service's
 * first step is documented as /chat/User/GetPreUploadUrl.
 */
export const preUploadRequestSchema = z.strictObject({
  fileName: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(255, { error: 'must be at most 255 characters' })),
});
export type PreUploadRequest = z.infer<typeof preUploadRequestSchema>;
export const preUploadResponseDataSchema = z.object({ FileStoreId: z.int(), PreUploadUrl: z.string() });
export type PreUploadResponse = z.infer<typeof preUploadResponseDataSchema>;

/** Data of the upload itself (the PUT of the bytes to PreUploadUrl) on the local service. */
export const uploadReceiptSchema = z.object({ FileStoreId: z.int(), Size: z.int(), ContentType: z.string() });
export type UploadReceipt = z.infer<typeof uploadReceiptSchema>;

export const confirmUploadRequestSchema = z.strictObject({ FileStoreId: z.int({ error: 'must be a whole number' }) });
export type ConfirmUploadRequest = z.infer<typeof confirmUploadRequestSchema>;
export const uploadedFileSchema = z.object({
  FileStoreId: z.int(),
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.int(),
  Url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
