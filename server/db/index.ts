import { createChatbotStore } from './chatbots';
import type { Db } from './database';
import { createFileStore } from './files';
import { createGroupCommit } from './group-commit';
import { createImportReceiptStore } from './import-receipts';
import { createListingStore } from './listings';
import { createMessageStore } from './messages';
import { createSessionStore } from './sessions';

export { openDatabase, type Db } from './database';

export type Stores = ReturnType<typeof createStores>;

export function createStores(db: Db) {
  return {
    chatbots: createChatbotStore(db),
    sessions: createSessionStore(db),
    messages: createMessageStore(db),
    listings: createListingStore(db),
    files: createFileStore(db),
    importReceipts: createImportReceiptStore(db),
    /** Request writes, committed together with the others of the same turn (group-commit.ts). */
    groupCommit: createGroupCommit(db),
    /** Runs `work` in one transaction: all of its writes land, or none. Inside an open one, a SAVEPOINT of its own. */
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}
