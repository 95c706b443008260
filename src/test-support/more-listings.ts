import { apiFetch } from '../api/client';
import type { CreateListingRequest } from '../api/contract';
import { createListing } from '../demo-data';

/** The listings view with no filter: every listing of a chatbot, as the Listings page starts. */
export const UNFILTERED_VIEW = { page: 1, size: 20, city: '', saleType: '', mls: '' } as const;

/**
 * Gives `chatbotId` `count` more listings through RealEstateCreate, beside the 60 the seed gave
 * it: enough for reads that span pages (100 rows each). `fieldsOf(index)` sets what a listing
 * must carry for the test; each gets its own MLS number `${prefix}-${index}`.
 */
export async function addListings(
  chatbotId: string,
  count: number,
  prefix: string,
  fieldsOf: (index: number) => Partial<CreateListingRequest> = () => ({}),
): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await apiFetch('RealEstateCreate', { ...createListing(fieldsOf(index)), SerialNumber: chatbotId, MLSNumber: `${prefix}-${index}` });
  }
}
