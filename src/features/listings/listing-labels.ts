import type { KEY_TYPES, LISTING_STATUSES, SALE_TYPES, SPACE_TYPES } from '../../api/contract';
import type { AreaUnit } from './parse-listing-row';

/** Words a person reads for the service's identifier-like values. */
export const SALE_TYPE_LABELS: Record<(typeof SALE_TYPES)[number], string> = {
  for_sale: 'For sale',
  for_rent: 'For rent',
};

export const STATUS_LABELS: Record<(typeof LISTING_STATUSES)[number], string> = {
  Active: 'Active',
  PreOnMarket: 'Pre-market',
  Sold: 'Sold',
};

export const STATUS_COLORS: Record<(typeof LISTING_STATUSES)[number], string> = {
  Active: 'green',
  PreOnMarket: 'yellow',
  Sold: 'gray',
};

export const SPACE_TYPE_LABELS: Record<(typeof SPACE_TYPES)[number], string> = {
  'Entire place': 'Entire place',
  Room: 'Room',
};

export const AREA_UNIT_SHORT: Record<AreaUnit, string> = {
  'Square Feet': 'sq ft',
  'Square Meters': 'm²',
};

export const KEY_TYPE_LABELS: Record<(typeof KEY_TYPES)[number], string> = {
  PlatformId: 'Listing ID',
  MLSNumber: 'MLS number',
  URL: 'Listing URL',
};

/** A value the service sent that is not one we know is shown as it came, unless told otherwise. */
export function labelOf<Value extends string>(labels: Record<Value, string>, value: string, fallback = value): string {
  return Object.hasOwn(labels, value) ? labels[value as Value] : fallback;
}
