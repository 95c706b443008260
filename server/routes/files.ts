import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UploadReceipt } from '../../src/api/contract';
import { sameSecret } from '../auth';
import type { LocalContext } from '../context';
import type { StoredFile } from '../db/files';
import { badRequest, notFound, ServiceError, success } from '../envelope';
import { canonicalTypeOf, isAnimatedGif } from '../media-types';
import { acceptRawBytes, bytesOf } from '../raw-bytes-body';
import { judgeUpload, readHead } from '../upload-verdict';
import { isVisitorFile } from '../widget/visitor-files';
import { defineOperation } from './operation';

export const UPLOAD_BODY_LIMIT = 100 * 1024 * 1024;
export const NO_FILE = 'FileStoreId: no such file';
export const WRONG_UPLOAD_TOKEN = 'token: the upload token is missing or wrong; ask GetPreUploadUrl for a new address';
export const ALREADY_CONFIRMED = 'FileStoreId: this file is already confirmed; ask GetPreUploadUrl for a new address';

/**
 * The policy of an uploaded file opened directly: a sandboxed document that may show the one
 * picture or clip it is (img-src, media-src, and the inline styles of the browser's own viewer)
 * and nothing else.
 */
export const UPLOADED_FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

export function uploadPath(id: number, token: string): string {
  return `/files/upload/${id}?token=${encodeURIComponent(token)}`;
}

export function fileUrl(file: Pick<StoredFile, 'id' | 'fileName'>): string {
  return `/files/${file.id}/${encodeURIComponent(file.fileName)}`;
}

export function idOf(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** Writes then renames, syncing both the bytes and the directory entry: an acknowledged upload survives a crash. */
export async function writeDurably(directory: string, name: string, bytes: Buffer): Promise<void> {
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
 * Sends a confirmed file's bytes (404 for any other): by the public address below, and as a
 * chatbot's picture to its widget (routes/widget.ts).
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile | null, filesDir: string, cacheControl = 'public, max-age=31536000, immutable'): FastifyReply {
  if (!file?.confirmedAt || file.contentType === null) throw notFound(NO_FILE);
  // Only a type checked against the bytes at confirm is served as itself; a file stored
  // before that check existed is a download.
  const mediaType = canonicalTypeOf(file.contentType);
  reply
    .header('content-type', mediaType ?? 'application/octet-stream')
    .header('content-length', String(file.size ?? 0))
    .header('cache-control', cacheControl)
    // Uploaded bytes are served from the app's own origin: a browser must never run them as a
    // page, even opened directly: no sniffing, and a sandbox with no script and no requests.
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOADED_FILE_POLICY);
  if (!mediaType) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  return reply.send(createReadStream(join(filesDir, String(file.id))));
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

  defineOperation(app, config, 'ConfirmUpload', async ({ FileStoreId }) => {
    const file = stores.files.get(FileStoreId);
    if (!file) throw notFound(NO_FILE);
    if (!file.uploadedAt || file.contentType === null || file.size === null) {
      throw badRequest('FileStoreId: the file has not been uploaded yet');
    }
    let contentType = file.contentType;
    if (!file.confirmedAt) {
      const head = await readHead(join(filesDir, String(file.id)));
      const verdict = await judgeUpload({ fileName: file.fileName, declaredType: file.contentType, head, animated: file.animated });
      if ('refusal' in verdict) throw badRequest(verdict.refusal);
      contentType = verdict.contentType;
      stores.files.markConfirmed(file.id, contentType, now());
    }
    return { FileStoreId: file.id, FileName: file.fileName, ContentType: contentType, Size: file.size, Url: fileUrl(file) };
  });

  app.get<{ Params: { FileStoreId: string; fileName: string } }>('/files/:FileStoreId/:fileName', async (request, reply) => {
    const id = idOf(request.params.FileStoreId);
    const file = id === null ? null : stores.files.get(id);
    // The name in the address is only for people and downloads; the id alone picks the file,
    // so a saved file id (ChatIcon, ChatProfilePicture) is enough to show its picture. Ids
    // count up, so anyone could walk them: a file a widget visitor sent (a photo of their
    // home, their voice) is never served here, and answers as a missing one. Nothing hands out
    // an address for it; the service reads it from disk for the visitor's own questions.
    return sendStoredFile(reply, file && isVisitorFile(file) ? null : file, filesDir);
  });

  app.register(async (uploads) => {
    // The upload takes raw bytes of any type, up to the video limit.
    const declaredTypeOf = acceptRawBytes(uploads, UPLOAD_BODY_LIMIT);

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
        const bytes = bytesOf(request);
        if (bytes.length === 0) throw badRequest('The request body is empty; send the bytes of the file.');
        const contentType = declaredTypeOf(request);
        await writeDurably(filesDir, String(file.id), bytes);
        const animated = isAnimatedGif(bytes);
        stores.files.markUploaded(file.id, { contentType, size: bytes.length, animated }, now());
        return success<UploadReceipt>({ FileStoreId: file.id, Size: bytes.length, ContentType: contentType });
      },
    );
  });
}
