import type { Db } from './database';

export interface StoredFile {
  id: number;
  fileName: string;
  uploadToken: string;
  contentType: string | null;
  size: number | null;
  animated: boolean;
  uploadedAt: number | null;
  confirmedAt: number | null;
}

export type FileStore = ReturnType<typeof createFileStore>;

/** The uploads' metadata; the bytes themselves live under DATA_DIR/files/<id>. */
export function createFileStore(db: Db) {
  const insert = db.prepare<[string, string, number]>('INSERT INTO files (file_name, upload_token, created_at) VALUES (?, ?, ?)');
  const select = db.prepare<[number], Omit<StoredFile, 'animated'> & { animated: number }>(
    `SELECT id, file_name AS fileName, upload_token AS uploadToken, content_type AS contentType, size, animated,
            uploaded_at AS uploadedAt, confirmed_at AS confirmedAt
     FROM files WHERE id = ?`,
  );
  const markUploaded = db.prepare<[string, number, number, number, number]>(
    'UPDATE files SET content_type = ?, size = ?, animated = ?, uploaded_at = ? WHERE id = ?',
  );
  const markConfirmed = db.prepare<[string, number, number]>(
    'UPDATE files SET content_type = ?, confirmed_at = coalesce(confirmed_at, ?) WHERE id = ? AND confirmed_at IS NULL',
  );

  return {
    create: (fileName: string, uploadToken: string, now: number): number =>
      Number(insert.run(fileName, uploadToken, now).lastInsertRowid),
    get(id: number): StoredFile | null {
      const row = select.get(id);
      return row ? { ...row, animated: row.animated === 1 } : null;
    },
    markUploaded(id: number, upload: { contentType: string; size: number; animated: boolean }, now: number): void {
      markUploaded.run(upload.contentType, upload.size, upload.animated ? 1 : 0, now, id);
    },
    /** Confirms once, with the media type found in the file's bytes. */
    markConfirmed(id: number, contentType: string, now: number): void {
      markConfirmed.run(contentType, now, id);
    },
  };
}
