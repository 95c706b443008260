/**
 * Type-level test, run by `npm run typecheck` (tsc): the types openapi-typescript generates from
 * the OpenAPI document (openapi-types.generated.d.ts, written by `npm run openapi`) and the
 * contract's own zod-inferred types are the same, in both directions, for the request body and
 * the answer's Data of every operation. A change to the contract that is not carried into the
 * document (or the other way round) fails here; openapi-types.test.ts fails when the generated
 * file itself is stale.
 */
import type {
  Envelope,
  OperationName,
  RequestOf,
  ResponseOf,
  StreamFinal,
  StreamFragment,
  UploadReceipt,
} from '../../src/api/contract';
import type { components, operations } from './openapi-types.generated';

/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Generated = operations;
type Schemas = components['schemas'];

/** The JSON body of the operation in the generated types (undefined when it takes none). */
type GeneratedBody<Name extends OperationName> = Generated[Name] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : undefined;
/** The JSON answer of a success. */
type GeneratedAnswer<Name extends OperationName> = Generated[Name]['responses'][200]['content']['application/json'];

/** [request body matches, Data matches, the success answer is a contract Envelope of that Data]. */
type Matches = {
  [Name in OperationName]: [
    Same<GeneratedBody<Name>, RequestOf<Name>>,
    Same<GeneratedAnswer<Name>['Data'], ResponseOf<Name>>,
    GeneratedAnswer<Name> extends Envelope<ResponseOf<Name>> ? true : false,
  ];
};

export const operationTypesMatch: Matches = {
  Edit: [true, true, true],
  Detail: [true, true, true],
  Versions: [true, true, true],
  VersionDetail: [true, true, true],
  GetSession: [true, true, true],
  ModelList: [true, true, true],
  ClientAsk: [true, true, true],
  RealEstateCreate: [true, true, true],
  RealEstateUpdate: [true, true, true],
  RealEstateList: [true, true, true],
  RealEstateDelete: [true, true, true],
  RealEstateBatch: [true, true, true],
  GetPreUploadUrl: [true, true, true],
  ConfirmUpload: [true, true, true],
};

export const otherTypesMatch: [Same<Schemas['StreamFragment'], StreamFragment>, Same<Schemas['StreamFinal'], StreamFinal>, Same<Schemas['UploadReceipt'], UploadReceipt>] = [
  true,
  true,
  true,
];

// The check is not vacuous: types that differ from the contract's are told apart.
export const differencesCaught: Array<true> = [
  // @ts-expect-error a list request without SerialNumber is not the contract's
  true as Same<Omit<GeneratedBody<'RealEstateList'>, 'SerialNumber'>, RequestOf<'RealEstateList'>>,
  // @ts-expect-error a list request with a PageSize of text is not the contract's
  true as Same<Omit<GeneratedBody<'RealEstateList'>, 'PageSize'> & { PageSize?: string }, RequestOf<'RealEstateList'>>,
  // @ts-expect-error a listing row with ID as text is not the contract's
  true as Same<Omit<Schemas['ListingRow'], 'ID'> & { ID: string }, ResponseOf<'RealEstateList'>['List'][number]>,
  // @ts-expect-error a create request with an extra SaleType value is not the contract's
  true as Same<Omit<GeneratedBody<'RealEstateCreate'>, 'SaleType'> & { SaleType: 'for_sale' | 'for_rent' | 'auction' }, RequestOf<'RealEstateCreate'>>,
];
