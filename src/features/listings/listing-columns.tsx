import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../../lib/format-price';
import { AREA_UNIT_SHORT, labelOf, SALE_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from './listing-labels';
import { ListingThumbnail } from './listing-thumbnail';
import classes from './listings-table.module.css';
import { listingLabel, type Listing } from './parse-listing-row';

/**
 * A column of the listings table. `cell` returns plain elements (no Mantine component per
 * cell): a page shows up to 100 rows of 14 columns, and each component there costs time
 * on every page change.
 */
export interface ListingColumn {
  id: string;
  header: string;
  cell: (listing: Listing) => ReactNode;
  align?: 'left' | 'right';
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function formatNumber(value: number | null): string {
  return value === null ? '' : numberFormat.format(value);
}

/** Sale price, or rent per month: the price the listing is offered at. */
export function formatListingPrice(listing: Listing): string {
  const forRent = listing.SaleType === 'for_rent';
  const amount = listing.Price ?? (forRent ? listing.RentPrice : listing.SalePrice);
  const price = formatPrice(amount, listing.CurrencySymbol);
  return price && forRent ? `${price}/mo` : price;
}

export function formatListingArea(listing: Listing): string {
  if (listing.BuildingArea === null) return listing.Area;
  const unit = listing.AreaUnit ? AREA_UNIT_SHORT[listing.AreaUnit] : '';
  return `${formatNumber(listing.BuildingArea)} ${unit}`.trim();
}

/** Mantine's light Badge, as plain elements. */
function statusBadge(status: string): ReactNode {
  return (
    <span className={`${Badge.classes.root} ${classes.badge}`} data-color={labelOf(STATUS_COLORS, status, 'gray')}>
      {labelOf(STATUS_LABELS, status)}
    </span>
  );
}

const plain = (text: string) => (text ? text : <span className={classes.dimmed}>—</span>);

/** The columns a listing agent scans, in order; every one can be hidden. */
export const LISTING_COLUMNS: readonly ListingColumn[] = [
  {
    id: 'photo',
    header: 'Photo',
    cell: (listing) => <ListingThumbnail src={listing.Images[0]} alt={`Photo of ${listingLabel(listing)}`} />,
  },
  { id: 'address', header: 'Address', cell: (listing) => plain(listing.Address) },
  { id: 'city', header: 'City', cell: (listing) => plain(listing.City) },
  { id: 'state', header: 'State', cell: (listing) => plain(listing.State) },
  { id: 'zip', header: 'ZIP', cell: (listing) => plain(listing.ZIP) },
  { id: 'price', header: 'Price', align: 'right', cell: (listing) => plain(formatListingPrice(listing)) },
  { id: 'bedrooms', header: 'Beds', align: 'right', cell: (listing) => plain(formatNumber(listing.Bedrooms)) },
  { id: 'bathrooms', header: 'Baths', align: 'right', cell: (listing) => plain(formatNumber(listing.Bathrooms)) },
  { id: 'area', header: 'Area', align: 'right', cell: (listing) => plain(formatListingArea(listing)) },
  { id: 'status', header: 'Status', cell: (listing) => statusBadge(listing.Status) },
  { id: 'saleType', header: 'Sale type', cell: (listing) => plain(labelOf(SALE_TYPE_LABELS, listing.SaleType)) },
  { id: 'propertyType', header: 'Property type', cell: (listing) => plain(listing.PropertyType) },
  { id: 'mlsNumber', header: 'MLS number', cell: (listing) => plain(listing.MLSNumber) },
  { id: 'daysOnMarket', header: 'Days on market', align: 'right', cell: (listing) => plain(formatNumber(listing.DaysOnMarket)) },
];
