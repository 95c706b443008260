import type { FastifyInstance } from 'fastify';
import {
  BATCH_BODY_LIMIT,
  createListingRequestSchema,
  updateListingRequestSchema,
  type BatchItem,
  type BatchResult,
} from '../../src/api/contract';
import type { LocalContext } from '../context';
import { badRequest, ServiceError } from '../envelope';
import type { ListingWrites } from './listing-writes';
import { defineOperation, parseBody } from './operation';

export const OTHER_CHATBOT = 'SerialNumber: must be the SerialNumber of the batch';

/** What the item's single operation would have answered for it, as a result. */
function resultOf(RowKey: number, outcome: { platformId?: string; updatedCount?: number } | ServiceError): BatchResult {
  if (outcome instanceof ServiceError) return { RowKey, Success: false, Code: outcome.status, Message: outcome.message };
  return {
    RowKey,
    Success: true,
    Code: 200,
    Message: '',
    ...(outcome.platformId === undefined ? {} : { PlatformId: outcome.platformId }),
    ...(outcome.updatedCount === undefined ? {} : { UpdatedCount: outcome.updatedCount }),
  };
}

/**
 * RealEstateBatch (the local service's addition; the contract's listings-batch.ts says what it
 * promises). The whole batch is one write of the group commit, so one transaction, answered
 * after its COMMIT; each item runs in a SAVEPOINT of its own, so an item that fails is undone
 * alone and the others land. Each item goes through the single operation's own schema and
 * write (listing-writes.ts), and leaves a receipt in the same SAVEPOINT as its write.
 */
export function registerListingBatchRoute(app: FastifyInstance, context: LocalContext, writes: ListingWrites): void {
  const { stores, config, now } = context;
  const { importReceipts } = stores;

  /** An item writes only to the batch's chatbot, whose existence and credentials were checked. */
  const ofChatbot = <Body extends { SerialNumber: string }>(body: Body, SerialNumber: string): Body => {
    if (body.SerialNumber !== SerialNumber) throw badRequest(OTHER_CHATBOT);
    return body;
  };

  const writeItem = (SerialNumber: string, ImportId: string, { RowKey, Operation, Listing }: BatchItem): BatchResult => {
    const receipt = importReceipts.find(SerialNumber, ImportId, RowKey);
    if (receipt) return resultOf(RowKey, { platformId: receipt.platformId ?? undefined, updatedCount: receipt.updatedCount ?? undefined });
    try {
      return stores.transaction(() => {
        // The single operation's own check of its body: the same Message for the same mistake.
        const landed =
          Operation === 'Create'
            ? { platformId: writes.create(ofChatbot(parseBody(createListingRequestSchema, Listing), SerialNumber)) }
            : { updatedCount: writes.update(ofChatbot(parseBody(updateListingRequestSchema, Listing), SerialNumber)) };
        importReceipts.store(SerialNumber, ImportId, RowKey, { platformId: landed.platformId ?? null, updatedCount: landed.updatedCount ?? null }, now());
        return resultOf(RowKey, landed);
      });
    } catch (error) {
      // A refusal is the item's own answer; anything else (the disk) fails the whole batch.
      if (error instanceof ServiceError) return resultOf(RowKey, error);
      throw error;
    }
  };

  defineOperation(
    app,
    config,
    'RealEstateBatch',
    ({ SerialNumber, ImportId, Items }) =>
      stores.groupCommit.write(() => {
        writes.requireChatbot(SerialNumber);
        importReceipts.prune(now());
        return { Results: Items.map((item) => writeItem(SerialNumber, ImportId, item)) };
      }),
    { bodyLimit: BATCH_BODY_LIMIT },
  );
}
