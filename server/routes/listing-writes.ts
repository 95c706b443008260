import type { CreateListingRequest, UpdateListingRequest } from '../../src/api/contract';
import type { LocalContext } from '../context';
import { notFound } from '../envelope';

export const NO_LISTING_CHATBOT = 'SerialNumber: no chatbot with this id';

/**
 * What RealEstateCreate and RealEstateUpdate do with a checked body, shared by the single
 * operations and by each item of RealEstateBatch, so a listing lands the same way by either.
 * Run inside a write of the group commit: a throw undoes it (a batch's item throws a refusal
 * before it writes, listings-batch.ts).
 */
export function listingWrites({ stores, now }: Pick<LocalContext, 'stores' | 'now'>) {
  const requireChatbot = (chatbotId: string) => {
    if (!stores.chatbots.exists(chatbotId)) throw notFound(NO_LISTING_CHATBOT);
  };
  return {
    requireChatbot,
    /** The new listing's id as text (RealEstateCreate's Data). */
    create({ SerialNumber, ...fields }: CreateListingRequest): string {
      requireChatbot(SerialNumber);
      return String(stores.listings.create(SerialNumber, fields, now()));
    },
    /** How many listings the key selected and were updated (RealEstateUpdate's Data); absent optional fields are kept. */
    update({ SerialNumber, Key, KeyType, ...fields }: UpdateListingRequest): number {
      requireChatbot(SerialNumber);
      return stores.listings.update(SerialNumber, KeyType, Key, fields, now());
    },
  };
}

export type ListingWrites = ReturnType<typeof listingWrites>;
