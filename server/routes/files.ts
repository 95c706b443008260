import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { UploadReceipt } from '../../src/api/contract';
import { sameSecret } from '../auth';
import type { LocalContext } from '../context';
import type { StoredFile } from '../db/files';
import { badRequest, notFound, ServiceError, success } from '../envelope';
import { isAnimatedGif, isSafeInline, mediaTypeOf } from '../media-types';
import { defineOperation } from './operation';

export const UPLOAD_BODY_LIMIT = 100 * 1024 * 1024;
export const NO_FILE = 'FileStoreId: no such file';
export const WRONG_UPLOAD_TOKEN = 'token: the upload token is missing or wrong; ask GetPreUploadUrl for a new address';
export const ALREADY_CONFIRMED = 'FileStoreId: this file is already confirmed; ask GetPreUploadUrl for a new address';

export function uploadPath(id: number, token: string): string {
  return `/files/upload/${id}?token=${encodeURIComponent(token)}`;
}

export function fileUrl(file: Pick<StoredFile, 'id' | 'fileName'>): string {
  return `/files/${file.id}/${encodeURIComponent(file.fileName)}`;
}

function idOf(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** Writes then renames, syncing both the bytes and the directory entry: an acknowledged upload survives a crash. */
async function writeDurably(directory: string, name: string, bytes: Buffer): Promise<void> {
  const target = join(directory, name);
  const temporary = `${target}.partial`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, target);
  try {
    const folder = await open(directory, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch {
    // Some platforms (Windows) cannot open a directory to sync it; the rename is still atomic.
  }
}

/**
 * The three-step upload (design.md): GetPreUploadUrl hands out a same-origin address with a
 * one-off token, the bytes are PUT there, ConfirmUpload makes the file usable in ClientAsk and
 * gives its public Url (used for profile pictures and icons).
 */
export function registerFileRoutes(app: FastifyInstance, context: LocalContext): void {
  const { stores, config, now, filesDir } = context;

  defineOperation(app, config, 'GetPreUploadUrl', ({ fileName }) => {
    const token = randomBytes(24).toString('base64url');
    const id = stores.files.create(fileName, token, now());
    return { FileStoreId: id, PreUploadUrl: uploadPath(id, token) };
  });

  defineOperation(app, config, 'ConfirmUpload', ({ FileStoreId }) => {
    const file = stores.files.get(FileStoreId);
    if (!file) throw notFound(NO_FILE);
    if (!file.uploadedAt || file.contentType === null || file.size === null) {
      throw badRequest('FileStoreId: the file has not been uploaded yet');
    }
    stores.files.markConfirmed(file.id, now());
    return { FileStoreId: file.id, FileName: file.fileName, ContentType: file.contentType, Size: file.size, Url: fileUrl(file) };
  });

  app.get<{ Params: { FileStoreId: string; fileName: string } }>('/files/:FileStoreId/:fileName', async (request, reply) => {
    const id = idOf(request.params.FileStoreId);
    const file = id === null ? null : stores.files.get(id);
    // The name in the address is only for people and downloads; the id alone picks the file,
    // so a saved file id (ChatIcon, ChatProfilePicture) is enough to show its picture.
    if (!file?.confirmedAt || file.contentType === null) throw notFound(NO_FILE);
    const inline = isSafeInline(file.contentType);
    reply
      .header('content-type', inline ? file.contentType : 'application/octet-stream')
      .header('content-length', String(file.size ?? 0))
      .header('cache-control', 'public, max-age=31536000, immutable')
      // Uploaded bytes are served from the app's own origin: never let a browser run them as a page.
      .header('x-content-type-options', 'nosniff');
    if (!inline) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    return reply.send(createReadStream(join(filesDir, String(file.id))));
  });

  app.register(async (uploads) => {
    // The upload takes raw bytes of any type, up to the video limit.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));

    uploads.put<{ Params: { FileStoreId: string }; Querystring: { token?: string } }>(
      '/files/upload/:FileStoreId',
      { bodyLimit: UPLOAD_BODY_LIMIT },
      async (request) => {
        const id = idOf(request.params.FileStoreId);
        const file = id === null ? null : stores.files.get(id);
        if (!file) throw notFound(NO_FILE);
        if (!sameSecret(request.query.token, file.uploadToken)) {
          throw new ServiceError(403, WRONG_UPLOAD_TOKEN);
        }
        if (file.confirmedAt) {
          throw new ServiceError(409, ALREADY_CONFIRMED);
        }
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (bytes.length === 0) throw badRequest('The request body is empty; send the bytes of the file.');
        const contentType = (request.headers['content-type'] ?? '').trim().slice(0, 200) || 'application/octet-stream';
        await writeDurably(filesDir, String(file.id), bytes);
        const animated = mediaTypeOf(contentType) === 'image/gif' && isAnimatedGif(bytes);
        stores.files.markUploaded(file.id, { contentType, size: bytes.length, animated }, now());
        return success<UploadReceipt>({ FileStoreId: file.id, Size: bytes.length, ContentType: contentType });
      },
    );
  });
}
