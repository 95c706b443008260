import { apiFetch } from './client';
import { getConnection } from './credentials';
import type { UploadedFile } from './contract';

export interface UploadOptions {
  /** Called with 0..1 as the bytes go up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The three upload steps: ask for a pre-signed address, PUT the bytes there, confirm.
 * The PUT uses XMLHttpRequest because fetch cannot report upload progress.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const { FileStoreId, PreUploadUrl } = await apiFetch('GetPreUploadUrl', { fileName: file.name }, options);
  const target = /^https?:/i.test(PreUploadUrl) ? PreUploadUrl : `${getConnection().baseUrl}${PreUploadUrl}`;
  await putBytes(target, file, options);
  return apiFetch('ConfirmUpload', { FileStoreId }, options);
}

function putBytes(url: string, file: File, { onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new Error(`Uploading ${file.name} failed: the storage answered ${request.status}`));
      }
    };
    request.onerror = () => reject(new Error(`Uploading ${file.name} failed: the storage could not be reached`));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
