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

/** A stored file as the room kept for visitors' files counts it (widget/visitor-file-room.ts). */
export interface CountedFile {
  id: number;
  /** 0 while its bytes are being written, or when they never arrived (the service stopped meanwhile). */
  size: number;
  createdAt: number;
}

/**
 * The visitor files of one chatbot. A file has no chatbot column: a visitor's file is told by
 * its upload token, `<prefix><session id>.<random>` (widget/visitor-files.ts), and its session
 * names the chatbot. The token is cut in SQL, so this reads every file row; the rows are few
 * (each chatbot's visitor files are capped, console uploads are made by staff).
 */
const VISITOR_FILES_OF_CHATBOT = `
  FROM files f
  JOIN sessions s ON s.id = CAST(substr(f.upload_token, length(@prefix) + 1, instr(f.upload_token, '.') - length(@prefix) - 1) AS INTEGER)
  WHERE substr(f.upload_token, 1, length(@prefix)) = @prefix AND s.chatbot_id = @chatbotId`;

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

  const visitorTotals = db.prepare<[{ prefix: string; chatbotId: string }], { count: number; bytes: number }>(
    `SELECT count(*) AS count, coalesce(sum(f.size), 0) AS bytes ${VISITOR_FILES_OF_CHATBOT}`,
  );
  const oldestVisitorFiles = db.prepare<[{ prefix: string; chatbotId: string; createdBefore: number }], CountedFile>(
    `SELECT f.id, coalesce(f.size, 0) AS size, f.created_at AS createdAt ${VISITOR_FILES_OF_CHATBOT} AND f.created_at <= @createdBefore ORDER BY f.id`,
  );
  const remove = db.prepare<[number]>('DELETE FROM files WHERE id = ?');
  const removeAll = db.transaction((ids: readonly number[]) => {
    for (const id of ids) remove.run(id);
  });

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
    /** How many visitor files `chatbotId` has, and their bytes (those still being written count 0). */
    visitorFileTotals: (tokenPrefix: string, chatbotId: string): { count: number; bytes: number } =>
      visitorTotals.get({ prefix: tokenPrefix, chatbotId })!,
    /**
     * The visitor files of `chatbotId` created at or before `createdBefore`, oldest first, read
     * lazily: the caller stops once it has enough (and must, before writing to the database).
     */
    oldestVisitorFiles: (tokenPrefix: string, chatbotId: string, createdBefore: number): IterableIterator<CountedFile> =>
      oldestVisitorFiles.iterate({ prefix: tokenPrefix, chatbotId, createdBefore }),
    /** Removes the rows, in one transaction; their bytes are the caller's to remove. */
    remove(ids: readonly number[]): void {
      removeAll(ids);
    },
  };
}
