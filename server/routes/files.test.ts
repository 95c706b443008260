// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILES_FOLDER } from '../app';
import { failing, ok, startTestApp, type TestApp } from '../test-support';

let service: TestApp;
beforeEach(async () => {
  service = await startTestApp();
});
afterEach(() => service.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

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

  it('takes any content type, no content type, and refuses an empty body', async () => {
    const first = await ok(service.app, 'GetPreUploadUrl', { fileName: 'clip.mkv' });
    expect((await put(first.PreUploadUrl, Buffer.from('matroska'), 'video/x-matroska')).statusCode).toBe(200);
    expect((await ok(service.app, 'ConfirmUpload', { FileStoreId: first.FileStoreId })).ContentType).toBe('video/x-matroska');

    const second = await ok(service.app, 'GetPreUploadUrl', { fileName: 'blob.bin' });
    expect((await put(second.PreUploadUrl, Buffer.from([1, 2, 3]))).statusCode).toBe(200);
    expect((await ok(service.app, 'ConfirmUpload', { FileStoreId: second.FileStoreId })).ContentType).toBe('application/octet-stream');

    const third = await ok(service.app, 'GetPreUploadUrl', { fileName: 'empty.png' });
    const empty = await put(third.PreUploadUrl, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('The request body is empty; send the bytes of the file.');
  });

  it('takes uploads well over the JSON limit', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'big.mp4' });
    const bytes = Buffer.alloc(5 * 1024 * 1024, 7);
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

  it('sends anything that could run as a page as a download', async () => {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'page.html' });
    await put(PreUploadUrl, Buffer.from('<script>alert(1)</script>'), 'text/html');
    const { Url } = await ok(service.app, 'ConfirmUpload', { FileStoreId });
    const served = await service.app.inject({ method: 'GET', url: Url });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe("attachment; filename*=UTF-8''page.html");
  });
});
