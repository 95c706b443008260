import { getConnection } from '../../api/credentials';
import type { UploadedFile } from '../../api/contract';

/**
 * ChatProfilePicture and ChatIcon hold only a file id. To show the image, the Url that
 * ConfirmUpload returned is used while this page lives; for an id saved earlier, the local
 * service serves the file at /files/<id>/<any name>.
 */
const urlsOfUploads = new Map<string, string>();

function absolute(url: string): string {
  return /^https?:/i.test(url) ? url : `${getConnection().baseUrl}${url}`;
}

export function rememberUploadedFile(file: UploadedFile): string {
  const id = String(file.FileStoreId);
  urlsOfUploads.set(id, absolute(file.Url));
  return id;
}

export function imageUrlOfFileId(id: string): string | null {
  const trimmed = id.trim();
  if (trimmed === '') return null;
  return urlsOfUploads.get(trimmed) ?? absolute(`/files/${encodeURIComponent(trimmed)}/image`);
}
