// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DATABASE_FILE, FILES_FOLDER } from '../app';
import { ANIMATED_GIF, PNG, sampleFile, type SampleKind } from '../test-media';
import { failing, ok, startTestApp, type TestApp } from '../test-support';
import { UPLOADED_FILE_POLICY } from './files';

let service: TestApp;
beforeEach(async () => {
  service = await startTestApp();
});
afterEach(() => service.close());


function put(url: string, payload: Buffer, contentType?: string) {
  return service.app.inject({ method: 'PUT', url, payload, headers: contentType ? { 'content-type': contentType } : {} });
}

describe('the three-step upload', () => {
  it('hands out a same-origin address, takes the bytes, confirms with a public Url', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'front porch.png' });
    expect(PreUploadUrl).toMatch(new RegExp(`^/files/upload/${FileStoreId}\\?token=[A-Za-z0-9_-]{20,}$`));

    const uploaded = await put(PreUploadUrl, PNG, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ Success: true, Code: 200, Data: { FileStoreId, Size: PNG.length } });

    const confirmed = await ok(service.app, 'ConfirmUpload', { FileStoreId });
    expect(confirmed).toEqual({
      FileStoreId,
      FileName: 'front porch.png',
      ContentType: 'image/png',
      Size: PNG.length,
      Url: `/files/${FileStoreId}/front%20porch.png`,
    });
    // Confirming twice is harmless.
    expect(await ok(service.app, 'ConfirmUpload', { FileStoreId })).toEqual(confirmed);

    const served = await service.app.inject({ method: 'GET', url: confirmed.Url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The bytes are on disk under DATA_DIR.
    expect(readFileSync(join(service.dataDir, FILES_FOLDER, String(FileStoreId))).equals(PNG)).toBe(true);
  });

  it('refuses to confirm before the bytes arrive, and an unknown id', async () => {
    const { FileStoreId } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'later.png' });
    expect(await failing(service.app, 'ConfirmUpload', { FileStoreId }, 400)).toBe('FileStoreId: the file has not been uploaded yet');
    expect(await failing(service.app, 'ConfirmUpload', { FileStoreId: 999_999 }, 404)).toBe('FileStoreId: no such file');
    expect(await failing(service.app, 'ConfirmUpload', { FileStoreId: '1' }, 400)).toBe('FileStoreId: must be a whole number');
  });

  it('validates the file name', async () => {
    expect(await failing(service.app, 'GetPreUploadUrl', { fileName: '  ' }, 400)).toBe('fileName: is required');
    expect(await failing(service.app, 'GetPreUploadUrl', { fileName: 'x'.repeat(256) }, 400)).toBe('fileName: must be at most 255 characters');
  });

  it('takes the upload only with its token, and only until it is confirmed', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'a.png' });
    const wrongToken = await put(`/files/upload/${FileStoreId}?token=guess`, PNG, 'image/png');
    expect(wrongToken.statusCode).toBe(403);
    expect(wrongToken.json()).toMatchObject({ Success: false, Code: 403, Data: null });
    expect(wrongToken.json().Message).toMatch(/^token: the upload token is missing or wrong/);
    expect((await put(`/files/upload/${FileStoreId}`, PNG, 'image/png')).statusCode).toBe(403);
    expect((await put(`/files/upload/123456?token=x`, PNG, 'image/png')).statusCode).toBe(404);

    // Uploading again before confirming replaces the bytes.
    await put(PreUploadUrl, Buffer.from('first'), 'image/png');
    await put(PreUploadUrl, PNG, 'image/png');
    expect((await ok(service.app, 'ConfirmUpload', { FileStoreId })).Size).toBe(PNG.length);

    const again = await put(PreUploadUrl, PNG, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toMatch(/^FileStoreId: this file is already confirmed/);
  });

  it('takes no content type, and refuses an empty body', async () => {
    const second = await ok(service.app, 'GetPreUploadUrl', { fileName: 'blob.bin' });
    expect((await put(second.PreUploadUrl, sampleFile('jpeg'))).statusCode).toBe(200);
    // No declared type: the bytes alone decide.
    expect((await ok(service.app, 'ConfirmUpload', { FileStoreId: second.FileStoreId })).ContentType).toBe('image/jpeg');

    const third = await ok(service.app, 'GetPreUploadUrl', { fileName: 'empty.png' });
    const empty = await put(third.PreUploadUrl, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('The request body is empty; send the bytes of the file.');
  });

  it('takes uploads well over the JSON limit', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'big.mp4' });
    const bytes = sampleFile('mp4', 5 * 1024 * 1024);
    expect((await put(PreUploadUrl, bytes, 'video/mp4')).statusCode).toBe(200);
    expect((await ok(service.app, 'ConfirmUpload', { FileStoreId })).Size).toBe(bytes.length);
  });

  it('refuses an upload over 100 MB with 413', async () => {
    const { PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'huge.mp4' });
    const response = await put(PreUploadUrl, Buffer.alloc(100 * 1024 * 1024 + 1), 'video/mp4');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ Success: false, Code: 413, Message: 'The request body is larger than the limit of 100 MB.' });
  });
});

describe('serving files', () => {
  it('serves only confirmed files, found by id whatever name the address carries', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'photo.png' });
    await put(PreUploadUrl, PNG, 'image/png');
    expect((await service.app.inject({ method: 'GET', url: `/files/${FileStoreId}/photo.png` })).statusCode).toBe(404);
    await ok(service.app, 'ConfirmUpload', { FileStoreId });
    expect((await service.app.inject({ method: 'GET', url: `/files/${FileStoreId}/photo.png` })).statusCode).toBe(200);
    // A saved ChatIcon holds only the id, so the settings page asks for `/files/<id>/image`.
    const byIdOnly = await service.app.inject({ method: 'GET', url: `/files/${FileStoreId}/image` });
    expect(byIdOnly.statusCode).toBe(200);
    expect(byIdOnly.rawPayload.equals(PNG)).toBe(true);
    const unknown = await service.app.inject({ method: 'GET', url: `/files/${FileStoreId + 1000}/photo.png` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Success: false, Code: 404, Message: 'FileStoreId: no such file' });
  });

  it('serves a file with its checked type only, unsniffable and sandboxed', async () => {
    const { Url } = await upload('tour.webm', sampleFile('webp'), 'image/webp');
    const served = await service.app.inject({ method: 'GET', url: Url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(UPLOADED_FILE_POLICY);
    expect(UPLOADED_FILE_POLICY).toMatch(/^sandbox; default-src 'none'/);
    expect(served.headers['content-disposition']).toBeUndefined();
  });
});

async function upload(fileName: string, bytes: Buffer, contentType?: string) {
  const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName });
  expect((await put(PreUploadUrl, bytes, contentType)).statusCode).toBe(200);
  return ok(service.app, 'ConfirmUpload', { FileStoreId });
}

async function refusedUpload(fileName: string, bytes: Buffer, contentType?: string) {
  const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName });
  expect((await put(PreUploadUrl, bytes, contentType)).statusCode).toBe(200);
  const message = await failing(service.app, 'ConfirmUpload', { FileStoreId }, 400);
  // Refused at confirm: the file is never served, by its name or by its id alone.
  for (const url of [`/files/${FileStoreId}/${encodeURIComponent(fileName)}`, `/files/${FileStoreId}/image`]) {
    expect((await service.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  }
  return message;
}

describe('the media type comes from the bytes', () => {
  const kinds: Array<[SampleKind, string, string]> = [
    ['png', 'image/png', 'image/png'],
    ['jpeg', 'image/jpg', 'image/jpeg'],
    ['webp', 'image/webp', 'image/webp'],
    ['gif', 'image/gif', 'image/gif'],
    ['wav', 'audio/x-wav', 'audio/wav'],
    ['mp4', 'video/mp4', 'video/mp4'],
    ['mkv', 'video/x-matroska', 'video/x-matroska'],
    ['avi', 'video/avi', 'video/x-msvideo'],
    ['flv', 'video/x-flv', 'video/x-flv'],
    ['mpeg', 'video/mpeg', 'video/mpeg'],
  ];
  it.each(kinds)('takes %s declared as %s and stores it as %s', async (kind, declared, stored) => {
    const confirmed = await upload(`sample.${kind}`, sampleFile(kind), declared);
    expect(confirmed.ContentType).toBe(stored);
    const served = await service.app.inject({ method: 'GET', url: confirmed.Url });
    expect(served.headers['content-type']).toBe(stored);
  });

  it('refuses a page or a script, whatever type it was sent as', async () => {
    const page = Buffer.from('<!doctype html><script>alert(document.domain)</script>');
    expect(await refusedUpload('page.html', page, 'text/html')).toMatch(/^FileName: page\.html is not a media file the service recognises; the service accepts PNG/);
    expect(await refusedUpload('page.png', page, 'image/png')).toMatch(/^FileName: page\.png is not a media file/);
    expect(await refusedUpload('x.js', Buffer.from('alert(1)'), 'application/javascript')).toMatch(/^FileName: x\.js is not a media file/);
    expect(await refusedUpload('x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml')).toMatch(
      /^FileName: x\.svg is not a media file/,
    );
    expect(await refusedUpload('x.pdf', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), 'application/pdf')).toMatch(
      /^FileName: x\.pdf is application\/pdf \(\.pdf\); the service accepts/,
    );
  });

  it('refuses a declared type that hides a second one, even on real image bytes', async () => {
    // A browser takes the last type of such a list: served back as is, it would run as a page.
    expect(await refusedUpload('a.png', PNG, 'image/png;a=b,text/html')).toBe(
      'ContentType: "image/png;a=b,text/html" is not one media type; send the file\'s own type (image/png)',
    );
    expect(await refusedUpload('a.webp', sampleFile('webp'), 'image/webp,application/xhtml+xml')).toMatch(/^ContentType: "image\/webp,application\/xhtml\+xml" is not one media type/);
  });

  it('refuses bytes that are not what was declared', async () => {
    expect(await refusedUpload('a.png', sampleFile('jpeg'), 'image/png')).toBe('ContentType: a.png was sent as image/png, but its bytes are image/jpeg');
    expect(await refusedUpload('clip.mp4', sampleFile('wav'), 'text/html')).toBe('ContentType: clip.mp4 was sent as text/html, but its bytes are audio/wav');
  });

  it('refuses an animated GIF', async () => {
    expect(await refusedUpload('spin.gif', ANIMATED_GIF, 'image/gif')).toMatch(/^FileName: spin\.gif is an animated GIF/);
  });

  it('sends a file stored before the check as a download', async () => {
    const { FileStoreId, Url } = await upload('old.png', PNG, 'image/png');
    // As a row written by an earlier version that kept the declared type.
    const db = new Database(join(service.dataDir, DATABASE_FILE));
    db.prepare('UPDATE files SET content_type = ? WHERE id = ?').run('text/html', FileStoreId);
    db.close();
    const served = await service.app.inject({ method: 'GET', url: Url });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe("attachment; filename*=UTF-8''old.png");
    expect(served.headers['content-security-policy']).toBe(UPLOADED_FILE_POLICY);
  });
});
