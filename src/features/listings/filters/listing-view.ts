import * as z from 'zod/mini';
import { SALE_TYPES, type ListListingsRequest } from '../../../api/contract';

/**
 * What the table shows (page, page size, filters, and the shown columns when a saved view or
 * a link names them) lives in the URL's search params, so a view can be bookmarked or sent
 * and Back returns to the previous one. A hand-edited or stale URL falls back to the
 * defaults instead of failing.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

const pageSize = z.pipe(z.coerce.number(), z.literal(PAGE_SIZES));

const listingViewSchema = z.object({
  page: z.catch(z.coerce.number().check(z.refine(Number.isSafeInteger), z.gte(1)), 1),
  size: z.catch(pageSize, DEFAULT_PAGE_SIZE),
  city: z.catch(z.string(), ''),
  saleType: z.catch(z.union([z.enum(SALE_TYPES), z.literal('')]), ''),
  mls: z.catch(z.string(), ''),
  /**
   * The ids of the shown columns, when the URL names them (`columns=address,city,price`);
   * without it the table shows the columns this device remembers. Ids are checked against
   * the table's columns by the page, so a link from a later version still opens.
   */
  columns: z.catch(
    z.optional(z.pipe(z.string(), z.transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))]))),
    undefined,
  ),
});
export type ListingView = z.infer<typeof listingViewSchema>;

export const DEFAULT_VIEW: ListingView = { page: 1, size: DEFAULT_PAGE_SIZE, city: '', saleType: '', mls: '' };

export function readListingView(params: URLSearchParams): ListingView {
  return listingViewSchema.parse({
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
    city: params.get('city') ?? undefined,
    saleType: params.get('saleType') ?? undefined,
    mls: params.get('mls') ?? undefined,
    columns: params.get('columns') ?? undefined,
  });
}

/** Only what differs from the defaults goes into the URL, so the plain page stays `/listings`. */
export function writeListingView(view: ListingView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.city) params.set('city', view.city);
  if (view.saleType) params.set('saleType', view.saleType);
  if (view.mls) params.set('mls', view.mls);
  if (view.size !== DEFAULT_PAGE_SIZE) params.set('size', String(view.size));
  if (view.columns) params.set('columns', view.columns.join(','));
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

export function hasFilters(view: Pick<ListingView, 'city' | 'saleType' | 'mls'>): boolean {
  return view.city.trim() !== '' || view.saleType !== '' || view.mls.trim() !== '';
}

/** The list request of a view; blank filters are left out rather than sent empty. */
export function listRequestOf(chatbotId: string, view: ListingView): ListListingsRequest {
  const request: ListListingsRequest = { SerialNumber: chatbotId, PageNumber: view.page, PageSize: view.size };
  const city = view.city.trim();
  const mls = view.mls.trim();
  if (city) request.CityName = city;
  if (view.saleType) request.SaleType = view.saleType;
  if (mls) request.MLSNumber = mls;
  return request;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
