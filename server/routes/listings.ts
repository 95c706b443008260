import type { FastifyInstance } from 'fastify';
import { listingRowOf } from '../../src/api/contract';
import type { LocalContext } from '../context';
import { notFound } from '../envelope';
import { defineOperation } from './operation';

export const NO_LISTING_CHATBOT = 'SerialNumber: no chatbot with this id';
export const DEFAULT_PAGE_SIZE = 20;

/** RealEstateCreate, RealEstateUpdate, RealEstateList and RealEstateDelete, each scoped to its chatbot. */
export function registerListingRoutes(app: FastifyInstance, context: LocalContext): void {
  const { stores, config, now } = context;
  const requireChatbot = (chatbotId: string) => {
    if (!stores.chatbots.exists(chatbotId)) throw notFound(NO_LISTING_CHATBOT);
  };

  // The writes are answered once their group's transaction has committed (group-commit.ts).
  const { groupCommit } = stores;

  defineOperation(app, config, 'RealEstateCreate', ({ SerialNumber, ...fields }) =>
    groupCommit.write(() => {
      requireChatbot(SerialNumber);
      return String(stores.listings.create(SerialNumber, fields, now()));
    }),
  );

  defineOperation(app, config, 'RealEstateUpdate', ({ SerialNumber, Key, KeyType, ...fields }) =>
    groupCommit.write(() => {
      requireChatbot(SerialNumber);
      return stores.listings.update(SerialNumber, KeyType, Key, fields, now());
    }),
  );

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
}
