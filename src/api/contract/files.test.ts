import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { messageOfZodError } from './errors';
import { confirmUploadRequestSchema, preUploadRequestSchema, preUploadResponseDataSchema, uploadedFileSchema } from './files';

function verdict(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? 'valid' : messageOfZodError(result.error);
}

describe('GetPreUploadUrl', () => {
  it('asks with a file name', () => {
    expect(verdict(preUploadRequestSchema, { fileName: 'kitchen.jpg' })).toBe('valid');
    expect(verdict(preUploadRequestSchema, { fileName: 'n'.repeat(255) })).toBe('valid');
  });

  it('refuses a missing, blank or overlong file name', () => {
    expect(verdict(preUploadRequestSchema, {})).toBe('fileName: is required');
    expect(verdict(preUploadRequestSchema, { fileName: '   ' })).toBe('fileName: is required');
    expect(verdict(preUploadRequestSchema, { fileName: 'n'.repeat(256) })).toBe('fileName: must be at most 255 characters');
    expect(verdict(preUploadRequestSchema, { fileName: 7 })).toMatch(/^fileName: /);
  });

  it('rejects the wrongly cased FileName', () => {
    expect(verdict(preUploadRequestSchema, { fileName: 'a.png', FileName: 'a.png' })).toBe('FileName: is not a field of this operation');
  });

  it('answers with FileStoreId and PreUploadUrl', () => {
    expect(verdict(preUploadResponseDataSchema, { FileStoreId: 5, PreUploadUrl: '/uploads/5?token=abc' })).toBe('valid');
    expect(verdict(preUploadResponseDataSchema, { FileStoreId: '5', PreUploadUrl: '/uploads/5' })).toMatch(/^FileStoreId: /);
    expect(verdict(preUploadResponseDataSchema, { FileStoreId: 5 })).toBe('PreUploadUrl: is required');
  });
});

describe('ConfirmUpload', () => {
  it('confirms by an integer FileStoreId', () => {
    expect(verdict(confirmUploadRequestSchema, { FileStoreId: 5 })).toBe('valid');
    expect(verdict(confirmUploadRequestSchema, {})).toBe('FileStoreId: is required');
    expect(verdict(confirmUploadRequestSchema, { FileStoreId: '5' })).toBe('FileStoreId: must be a whole number');
    expect(verdict(confirmUploadRequestSchema, { FileStoreId: 5.5 })).toBe('FileStoreId: must be a whole number');
    expect(verdict(confirmUploadRequestSchema, { FileStoreId: 5, fileStoreId: 5 })).toBe('fileStoreId: is not a field of this operation');
  });

  it('answers with the stored file', () => {
    const file = { FileStoreId: 5, FileName: 'kitchen.jpg', ContentType: 'image/jpeg', Size: 48_213, Url: '/files/5/kitchen.jpg' };
    expect(verdict(uploadedFileSchema, file)).toBe('valid');
    expect(verdict(uploadedFileSchema, { ...file, Size: '48213' })).toMatch(/^Size: /);
    const { ContentType: _type, ...withoutType } = file;
    expect(verdict(uploadedFileSchema, withoutType)).toBe('ContentType: is required');
  });
});
