import type { Db } from './database';

/**
 * Receipts of RealEstateBatch: which items of an import already landed, and what they were
 * answered. Written inside the item's own write, so a receipt exists exactly when the item's
 * listing change does; an item sent again (a retried batch, a resumed import) is answered
 * with its receipt and not written again.
 *
 * Kept RECEIPT_DAYS: an import is resumed within minutes or hours (after a Cancel, a reload,
 * a lost connection), and the browser forgets the import's id once it has finished. A resume
 * later than that sends the item again as new.
 */
export const RECEIPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Receipt {
  /** A Create's new listing id. */
  platformId: string | null;
  /** An Update's count of listings updated. */
  updatedCount: number | null;
}

export type ImportReceiptStore = ReturnType<typeof createImportReceiptStore>;

export function createImportReceiptStore(db: Db) {
  const select = db.prepare<[string, string, number], Receipt>(
    `SELECT platform_id AS platformId, updated_count AS updatedCount FROM import_receipts
     WHERE chatbot_id = ? AND import_id = ? AND row_key = ?`,
  );
  const insert = db.prepare<[string, string, number, string | null, number | null, number]>(
    'INSERT INTO import_receipts (chatbot_id, import_id, row_key, platform_id, updated_count, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM import_receipts WHERE created_at < ?');
  return {
    find: (chatbotId: string, importId: string, rowKey: number): Receipt | null => select.get(chatbotId, importId, rowKey) ?? null,
    store(chatbotId: string, importId: string, rowKey: number, receipt: Receipt, now: number): void {
      insert.run(chatbotId, importId, rowKey, receipt.platformId, receipt.updatedCount, now);
    },
    /** Forgets receipts older than RECEIPT_DAYS; how many went. */
    prune: (now: number): number => prune.run(now - RECEIPT_DAYS * DAY_MS).changes,
  };
}
