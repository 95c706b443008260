import * as z from 'zod/mini';
import { chatbotId, integer } from './primitives';

/**
 * POST /chat/Chatbot/RealEstateBatch: the local service's own addition (design.md's pattern of
 * Detail and Versions; the hosted service answers 404). Many RealEstateCreate / RealEstateUpdate
 * bodies in one request, so an import of thousands of rows does not pay a request per row.
 *
 * The envelope is checked here; each item's `Listing` is checked by the service with the very
 * schema of its single operation (createListingRequestSchema / updateListingRequestSchema), so
 * an invalid item gets its own 400 result naming the field while the valid items still land.
 * That is why `Listing` is only "an object" at this level.
 *
 * Idempotent per (SerialNumber, ImportId, RowKey): the service keeps a receipt of every item
 * that landed, and an item sent again is answered with its receipt instead of being written
 * again, so a retried or resumed import never doubles a row.
 */
export const MAX_BATCH_ITEMS = 500;
/** The JSON body limit of this operation alone: 500 listings with long descriptions and many photos. */
export const BATCH_BODY_LIMIT = 8 * 1024 * 1024;
export const BATCH_OPERATIONS = ['Create', 'Update'] as const;

export const importId = z.string({ error: 'is required' }).check(
  z.minLength(1, { error: 'is required' }),
  z.maxLength(100, { error: 'must be at most 100 characters' }),
);

export const batchItemSchema = z.strictObject({
  /** The caller's name for the item, unique within the import (the import uses the file's row number). */
  RowKey: integer.check(z.gte(0, { error: 'must be 0 or more' })),
  Operation: z.enum(BATCH_OPERATIONS, { error: 'must be Create or Update' }),
  /** Exactly the body of RealEstateCreate (Operation Create) or RealEstateUpdate (Operation Update). */
  Listing: z.record(z.string(), z.unknown()),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchRequestSchema = z.strictObject({
  SerialNumber: chatbotId,
  ImportId: importId,
  Items: z
    .array(batchItemSchema)
    .check(
      z.minLength(1, { error: 'must hold at least one item' }),
      z.maxLength(MAX_BATCH_ITEMS, { error: `must hold at most ${MAX_BATCH_ITEMS} items` }),
    ),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/** One item's answer: what its single operation would have answered, in envelope terms. */
export const batchResultSchema = z.object({
  RowKey: z.int(),
  Success: z.boolean(),
  /** 200, or the status its single operation would have answered (400). */
  Code: z.int(),
  /** Empty on success; otherwise `Field: text`, as the single operation words it. */
  Message: z.string(),
  /** A Create that landed: the new listing's id (RealEstateCreate's Data). */
  PlatformId: z.optional(z.string()),
  /** An Update that ran: how many listings it updated (RealEstateUpdate's Data). */
  UpdatedCount: z.optional(z.int()),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/** Data: one result per item, in the items' order. */
export const batchResponseDataSchema = z.object({ Results: z.array(batchResultSchema) });
export type BatchResponse = z.infer<typeof batchResponseDataSchema>;
