import type { AnswerSchemas } from './answer-schemas';
import {
  createListingResponseDataSchema,
  deleteListingsResponseDataSchema,
  listListingsResponseDataSchema,
  updateListingResponseDataSchema,
} from './listings';
import { batchResponseDataSchema } from './listings-batch';

/** The answers of the listing operations. */
export const answers = {
  RealEstateCreate: createListingResponseDataSchema,
  RealEstateUpdate: updateListingResponseDataSchema,
  RealEstateList: listListingsResponseDataSchema,
  RealEstateDelete: deleteListingsResponseDataSchema,
  RealEstateBatch: batchResponseDataSchema,
} satisfies AnswerSchemas<'RealEstateCreate' | 'RealEstateUpdate' | 'RealEstateList' | 'RealEstateDelete' | 'RealEstateBatch'>;
