import type { DataProvider, GetListParams, GetListResult } from 'react-admin';

/*
 * The react-admin peer's data provider: the listings resource read with the service's
 * RealEstateList operation, one request per page, as any react-admin app over a REST service
 * has one. Only getList is written: the bench shows the list and nothing else, and a method
 * it would call by mistake fails loudly rather than pretending to work.
 */

/** What the bench puts in the page's address (`?request=`): the list operation and its credential. */
export interface ListRequest {
  /** The operation's path, same origin: `/chat/Chatbot/RealEstateList`. */
  url: string;
  headers: Record<string, string>;
  /** The fields every page sends (the chatbot's SerialNumber). */
  body: Record<string, unknown>;
}

/** The filters the list offers, as the operation names them. */
const FILTER_FIELDS = ['CityName', 'SaleType', 'MLSNumber'] as const;

interface ListingRow {
  ID: number;
  Images: string;
  [field: string]: unknown;
}

/** The first http(s) image of a row's Images (JSON text, as the service stores it), for the Photo column. */
function firstImage(images: string): string | undefined {
  try {
    const list: unknown = JSON.parse(images);
    const first = Array.isArray(list) ? list.find((item) => typeof item === 'string' && /^https?:\/\//.test(item)) : undefined;
    return typeof first === 'string' ? first : undefined;
  } catch {
    return undefined;
  }
}

async function getList(request: ListRequest, params: GetListParams): Promise<GetListResult> {
  const filters = Object.fromEntries(FILTER_FIELDS.filter((field) => params.filter?.[field]).map((field) => [field, params.filter[field]]));
  const page = params.pagination ?? { page: 1, perPage: 100 };
  const response = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: JSON.stringify({ ...request.body, ...filters, PageNumber: page.page, PageSize: page.perPage }),
    signal: params.signal,
  });
  const envelope = (await response.json()) as { Success: boolean; Message: string; Data: { List: ListingRow[]; VirtualCount: number } };
  if (!response.ok || !envelope.Success) throw new Error(envelope.Message || `RealEstateList answered ${response.status}`);
  return {
    data: envelope.Data.List.map((row) => ({ ...row, id: row.ID, Photo: firstImage(row.Images) })),
    total: envelope.Data.VirtualCount,
  };
}

const notUsed = (method: string) => () => Promise.reject(new Error(`dataProvider.${method}: not used by the bench`));

export function listingsDataProvider(request: ListRequest): DataProvider {
  return {
    getList: (_resource, params) => getList(request, params),
    getOne: notUsed('getOne'),
    getMany: notUsed('getMany'),
    getManyReference: notUsed('getManyReference'),
    create: notUsed('create'),
    update: notUsed('update'),
    updateMany: notUsed('updateMany'),
    delete: notUsed('delete'),
    deleteMany: notUsed('deleteMany'),
  };
}
