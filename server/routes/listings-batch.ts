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
 * after its COMMIT. An item is checked before it is written, so a refused item writes nothing
 * and the others land (a failure of the write itself, the disk, fails the batch). Each item goes
 * through the single operation's own schema and write (listing-writes.ts), and leaves a receipt
 * beside its write.
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
    // Every check that refuses an item runs before anything of it is written, so a refused
    // item needs no SAVEPOINT to undo it: one SAVEPOINT and RELEASE per item were a fifth of
    // the service's CPU in a 10,000-row import (docs/performance.md).
    let write: () => { platformId?: string; updatedCount?: number };
    try {
      // The single operation's own check of its body: the same Message for the same mistake.
      if (Operation === 'Create') {
        const body = ofChatbot(parseBody(createListingRequestSchema, Listing), SerialNumber);
        write = () => ({ platformId: writes.create(body) });
      } else {
        const body = ofChatbot(parseBody(updateListingRequestSchema, Listing), SerialNumber);
        write = () => ({ updatedCount: writes.update(body) });
      }
    } catch (error) {
      // A refusal is the item's own answer; anything else fails the whole batch.
      if (error instanceof ServiceError) return resultOf(RowKey, error);
      throw error;
    }
    try {
      const landed = write();
      importReceipts.store(SerialNumber, ImportId, RowKey, { platformId: landed.platformId ?? null, updatedCount: landed.updatedCount ?? null }, now());
      return resultOf(RowKey, landed);
    } catch (error) {
      // Nothing refuses an item once its write has begun (the chatbot was checked for the
      // batch, and this item names it); should something, the whole batch fails and the
      // group commit's SAVEPOINT undoes it, rather than keep half an item.
      if (error instanceof ServiceError) throw new Error(`The batch item ${RowKey} was refused after its write began: ${error.message}`, { cause: error });
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
