import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { WidgetLimits } from '../config';
import type { Stores } from '../db';
import type { CountedFile } from '../db/files';
import { tooManyRequests } from '../envelope';
import { VISITOR_TOKEN_PREFIX } from './visitor-files';

const MEGABYTE = 1024 * 1024;

/** The refusal of an upload when the chatbot's room is full of files too young to remove. */
export function roomFullMessage(limits: Pick<WidgetLimits, 'filesPerChatbot' | 'fileBytesPerChatbot' | 'fileKeepMinutes'>): string {
  const megabytes = Math.round(limits.fileBytesPerChatbot / MEGABYTE).toLocaleString('en-US');
  return (
    `file: this chatbot's room for visitors' files is full (${limits.filesPerChatbot.toLocaleString('en-US')} files or ${megabytes} MB), ` +
    `and every file in it was sent within the last ${limits.fileKeepMinutes} minutes; attach it again later`
  );
}

interface VisitorFileRoomOptions {
  stores: Stores;
  /** DATA_DIR/files, where each file's bytes are named by its id. */
  filesDir: string;
  limits: WidgetLimits;
  now: () => number;
}

/** How a visitor's file is saved once room is made: its row first, then its bytes (and the row marked). */
export interface VisitorFileSave {
  create(): number;
  write(id: number): Promise<void>;
}

export type VisitorFileRoom = ReturnType<typeof createVisitorFileRoom>;

/**
 * The room each chatbot keeps for its visitors' files (WIDGET_FILES_PER_CHATBOT files and
 * WIDGET_FILE_MB_PER_CHATBOT), so a flood of uploads cannot fill the disk. A new file that
 * does not fit makes room by removing the chatbot's oldest visitor files, rows and bytes,
 * but only files older than WIDGET_FILE_KEEP_MINUTES: the widget sends a file just before
 * the question that names it, so a younger one may still be wanted. When the room is full of
 * younger files, the upload is refused (429, naming `file`, with a Retry-After of when the
 * oldest files it needs gone pass the keeping time). Console uploads (pictures,
 * attachments staff sent) are never counted nor removed; other chatbots' files neither.
 */
export function createVisitorFileRoom({ stores, filesDir, limits, now }: VisitorFileRoomOptions) {
  /**
   * Bytes being written now, per chatbot: their rows exist (so they are counted) but say no
   * size until the bytes are down, and an upload arriving meanwhile must count them too.
   */
  const writing = new Map<string, number>();
  const keepMs = limits.fileKeepMinutes * 60_000;

  /** How far the chatbot's files are over its room once one more of `size` bytes comes in (0 or less: it fits). */
  function overflow(chatbotId: string, size: number): { files: number; bytes: number } {
    const totals = stores.files.visitorFileTotals(VISITOR_TOKEN_PREFIX, chatbotId);
    return { files: totals.count + 1 - limits.filesPerChatbot, bytes: totals.bytes + (writing.get(chatbotId) ?? 0) + size - limits.fileBytesPerChatbot };
  }

  /**
   * The first of the files `oldest` reads (oldest first) whose removal brings `over` within the
   * room; null when all of them would not. Read only when needed: an open statement keeps the
   * database busy.
   */
  function enoughOf(oldest: () => Iterable<CountedFile>, over: { files: number; bytes: number }): CountedFile[] | null {
    let { files: filesOver, bytes: bytesOver } = over;
    const chosen: CountedFile[] = [];
    if (filesOver <= 0 && bytesOver <= 0) return chosen;
    // Leaving the loop early closes the statement, so the database may be written again.
    for (const file of oldest()) {
      chosen.push(file);
      filesOver -= 1;
      bytesOver -= file.size;
      if (filesOver <= 0 && bytesOver <= 0) return chosen;
    }
    return null;
  }

  /** The oldest files whose removal lets one more of `size` bytes in (none when it fits); null when even all files past the keeping time would not do. */
  function filesToRemove(chatbotId: string, size: number): CountedFile[] | null {
    return enoughOf(() => stores.files.oldestVisitorFiles(VISITOR_TOKEN_PREFIX, chatbotId, now() - keepMs), overflow(chatbotId, size));
  }

  /**
   * How long until the same upload would find room, if nothing else changes: until the
   * youngest of the oldest files it needs removed passes the keeping time. Undefined when even
   * removing every visitor file would not make room (then no wait would help).
   */
  function waitForRoomMs(chatbotId: string, size: number): number | undefined {
    const needed = enoughOf(() => stores.files.oldestVisitorFiles(VISITOR_TOKEN_PREFIX, chatbotId, Number.MAX_SAFE_INTEGER), overflow(chatbotId, size));
    if (needed === null || needed.length === 0) return undefined;
    return Math.max(...needed.map((file) => file.createdAt)) + keepMs - now();
  }

  /** Deletes a file's bytes (`<id>`, or the `<id>.partial` of a write cut short); a file already gone is fine. */
  async function removeBytes(name: string, log: FastifyBaseLogger): Promise<void> {
    try {
      await rm(join(filesDir, name), { force: true });
    } catch (error) {
      // The row is gone, so nothing can reach these bytes; the upload that made room still stands.
      log.warn({ err: error, file: name }, 'The bytes of a removed visitor file could not be deleted');
    }
  }

  return {
    /** Saves a visitor's file of `size` bytes for `chatbotId`, making room first; its id. */
    async store(chatbotId: string, size: number, save: VisitorFileSave, log: FastifyBaseLogger): Promise<number> {
      const removed = filesToRemove(chatbotId, size);
      if (removed === null) throw tooManyRequests(roomFullMessage(limits), waitForRoomMs(chatbotId, size));
      // Counted, removed and created in one turn of the event loop: no other upload can count in between.
      stores.files.remove(removed.map((file) => file.id));
      const id = save.create();
      writing.set(chatbotId, (writing.get(chatbotId) ?? 0) + size);
      try {
        await Promise.all(removed.map((file) => removeBytes(String(file.id), log)));
        await save.write(id);
        return id;
      } catch (error) {
        // No row without its bytes: a question naming it would be refused anyway, but it would take room.
        stores.files.remove([id]);
        await Promise.all([removeBytes(String(id), log), removeBytes(`${id}.partial`, log)]);
        throw error;
      } finally {
        const stillWriting = writing.get(chatbotId)! - size;
        if (stillWriting > 0) writing.set(chatbotId, stillWriting);
        else writing.delete(chatbotId);
      }
    },
  };
}
