import { apiFetch } from '../api/client';
import type { CreateListingRequest } from '../api/contract';
import { MAX_BATCH_ITEMS } from '../api/contract/listings-batch';
import { createListing } from '../demo-data';

/** The listings view with no filter: every listing of a chatbot, as the Listings page starts. */
export const UNFILTERED_VIEW = { page: 1, size: 20, city: '', saleType: '', mls: '' } as const;

/**
 * Gives `chatbotId` `count` more listings, beside the 60 the seed gave it: enough for reads that
 * span pages (100 rows each). `fieldsOf(index)` sets what a listing must carry for the test; each
 * gets its own MLS number `${prefix}-${index}`. Sent with the local service's RealEstateBatch,
 * not a RealEstateCreate each: 190 requests one after another took over 10 s at a load average of
 * 11 (a test hook's whole time); one batch is one request.
 */
export async function addListings(
  chatbotId: string,
  count: number,
  prefix: string,
  fieldsOf: (index: number) => Partial<CreateListingRequest> = () => ({}),
): Promise<void> {
  for (let first = 0; first < count; first += MAX_BATCH_ITEMS) {
    const indexes = Array.from({ length: Math.min(MAX_BATCH_ITEMS, count - first) }, (_, offset) => first + offset);
    const { Results } = await apiFetch('RealEstateBatch', {
      SerialNumber: chatbotId,
      ImportId: `${prefix}-${first}`,
      Items: indexes.map((index) => ({
        RowKey: index,
        Operation: 'Create',
        Listing: { ...createListing(fieldsOf(index)), SerialNumber: chatbotId, MLSNumber: `${prefix}-${index}` },
      })),
    });
    const refused = Results.find((result) => !result.Success);
    if (refused) throw new Error(`listing ${prefix}-${refused.RowKey} was refused: ${refused.Message}`);
  }
}
