import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../lib/format-price';
import { AREA_UNIT_SHORT, labelOf, SALE_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from '../listing-labels';
import { ListingThumbnail, THUMBNAIL_HEIGHT } from './listing-thumbnail';
import classes from './listings-table.module.css';
import { listingLabel, type Listing } from '../parse-listing-row';

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
  /**
   * Pixels. The table lays its columns out from these alone (`table-layout: fixed`) rather
   * than from the width of every cell of the page: a page change then neither measures 1,400
   * cells nor shifts the columns; longer text ends in an ellipsis and shows whole as a tooltip.
   */
  width: number;
  /** Pixels, for content taller than the row's buttons (the photo): rows are as tall as the tallest. */
  height?: number;
  /**
   * Stays in view while the table scrolls sideways, with the selection box before it: the
   * columns that say which listing a row is. Only leading columns can stick.
   */
  sticky?: 'always' | 'wide';
  /** Pixels, below 48em (phones): a sticky column narrower there leaves room for the rest. */
  narrowWidth?: number;
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
    width: 84,
    // On a phone the photo scrolls away: with the address it would take half the screen.
    sticky: 'wide',
    height: THUMBNAIL_HEIGHT,
    cell: (listing) => <ListingThumbnail src={listing.Images[0]} alt={`Photo of ${listingLabel(listing)}`} />,
  },
  { id: 'address', header: 'Address', width: 270, narrowWidth: 150, sticky: 'always', cell: (listing) => plain(listing.Address) },
  { id: 'city', header: 'City', width: 110, cell: (listing) => plain(listing.City) },
  { id: 'state', header: 'State', width: 72, cell: (listing) => plain(listing.State) },
  { id: 'zip', header: 'ZIP', width: 72, cell: (listing) => plain(listing.ZIP) },
  { id: 'price', header: 'Price', width: 116, align: 'right', cell: (listing) => plain(formatListingPrice(listing)) },
  { id: 'bedrooms', header: 'Beds', width: 60, align: 'right', cell: (listing) => plain(formatNumber(listing.Bedrooms)) },
  { id: 'bathrooms', header: 'Baths', width: 68, align: 'right', cell: (listing) => plain(formatNumber(listing.Bathrooms)) },
  { id: 'area', header: 'Area', width: 104, align: 'right', cell: (listing) => plain(formatListingArea(listing)) },
  { id: 'status', header: 'Status', width: 116, cell: (listing) => statusBadge(listing.Status) },
  { id: 'saleType', header: 'Sale type', width: 96, cell: (listing) => plain(labelOf(SALE_TYPE_LABELS, listing.SaleType)) },
  { id: 'propertyType', header: 'Property type', width: 130, cell: (listing) => plain(listing.PropertyType) },
  { id: 'mlsNumber', header: 'MLS number', width: 124, cell: (listing) => plain(listing.MLSNumber) },
  { id: 'daysOnMarket', header: 'Days on market', width: 150, align: 'right', cell: (listing) => plain(formatNumber(listing.DaysOnMarket)) },
];
