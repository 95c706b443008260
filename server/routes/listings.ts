import type { FastifyInstance } from 'fastify';
import { listingRowOf } from '../../src/api/contract';
import type { LocalContext } from '../context';
import { listingWrites } from './listing-writes';
import { registerListingBatchRoute } from './listings-batch';
import { defineOperation } from './operation';

export { NO_LISTING_CHATBOT } from './listing-writes';
export const DEFAULT_PAGE_SIZE = 20;

/** RealEstateCreate, RealEstateUpdate, RealEstateList and RealEstateDelete, each scoped to its chatbot; and RealEstateBatch. */
export function registerListingRoutes(app: FastifyInstance, context: LocalContext): void {
  const { stores, config } = context;
  const writes = listingWrites(context);
  const { requireChatbot } = writes;

  // The writes are answered once their group's transaction has committed (group-commit.ts).
  const { groupCommit } = stores;

  defineOperation(app, config, 'RealEstateCreate', (body) => groupCommit.write(() => writes.create(body)));

  defineOperation(app, config, 'RealEstateUpdate', (body) => groupCommit.write(() => writes.update(body)));

  defineOperation(app, config, 'RealEstateList', ({ SerialNumber, CityName, SaleType, MLSNumber, PageNumber, PageSize }) => {
    requireChatbot(SerialNumber);
    const { records, total } = stores.listings.list(
      SerialNumber,
      { city: CityName?.trim() || undefined, saleType: SaleType, mlsNumber: MLSNumber?.trim() || undefined },
      { number: PageNumber ?? 1, size: PageSize ?? DEFAULT_PAGE_SIZE },
    );
    return { List: records.map((listing) => listingRowOf(listing, listing.ID)), VirtualCount: total };
  });

  defineOperation(app, config, 'RealEstateDelete', ({ SerialNumber, Keys, KeyType }) =>
    groupCommit.write(() => {
      requireChatbot(SerialNumber);
      return { SuccessCount: stores.listings.delete(SerialNumber, KeyType, Keys) };
    }),
  );

  registerListingBatchRoute(app, context, writes);
}
