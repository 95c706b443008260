import * as z from 'zod/mini';
import { readStoredJson, removeStored, writeStoredJson } from '../../../lib/stored-json';
import type { ListingFormValues } from './listing-form-schema';
import type { Listing } from '../parse-listing-row';

/**
 * The open listing form of one chatbot, kept in sessionStorage (this tab only, gone with it)
 * so a reload reopens it with everything typed. The URL says which form is open
 * (`?listing=new` or `?listing=<ID>`); the draft holds the listing being edited as it was
 * when the form opened, and the values typed since.
 */
const KEY_PREFIX = 'realty-bot-console.listing-form.v1.';
export const LISTING_FORM_PARAM = 'listing';

export type ListingFormTarget = { mode: 'create' } | { mode: 'edit'; listing: Listing };

export function listingFormDraftKey(chatbotId: string): string {
  return `${KEY_PREFIX}${chatbotId}`;
}

/** What the URL parameter holds for a target. */
export function formParamOf(target: ListingFormTarget): string {
  return target.mode === 'create' ? 'new' : String(target.listing.ID);
}

const storedListingSchema = z.looseObject({
    ID: z.int(),
    Address: z.string(),
    MLSNumber: z.string(),
    Url: z.string(),
    Images: z.array(z.string()),
    ExtensionColumn: z.array(z.object({ Key: z.string(), value: z.string() })),
  });

const draftSchema = z.object({
  form: z.string(),
  listing: z.optional(storedListingSchema),
  values: z.optional(z.record(z.string(), z.unknown())),
});

export interface ListingFormDraft {
  target: ListingFormTarget;
  /** What was typed, over the form's starting values; null when nothing was typed yet. */
  values: Record<string, unknown> | null;
}

/** The draft of the form the URL names, or null when there is none for it. */
export function loadListingFormDraft(
  chatbotId: string,
  formParam: string,
  storage: Storage = window.sessionStorage,
): ListingFormDraft | null {
  const parsed = draftSchema.safeParse(readStoredJson(storage, listingFormDraftKey(chatbotId)));
  if (!parsed.success || parsed.data.form !== formParam) return null;
  const { listing, values = null } = parsed.data;
  if (formParam === 'new') return { target: { mode: 'create' }, values };
  if (!listing || String(listing.ID) !== formParam) return null;
  return { target: { mode: 'edit', listing: listing as unknown as Listing }, values };
}

export function saveListingFormDraft(
  chatbotId: string,
  target: ListingFormTarget,
  values: ListingFormValues | null,
  storage: Storage = window.sessionStorage,
): void {
  writeStoredJson(storage, listingFormDraftKey(chatbotId), {
    form: formParamOf(target),
    ...(target.mode === 'edit' ? { listing: target.listing } : {}),
    ...(values ? { values } : {}),
  });
}

export function clearListingFormDraft(chatbotId: string, storage: Storage = window.sessionStorage): void {
  removeStored(storage, listingFormDraftKey(chatbotId));
}

const imageRows = z.array(z.object({ url: z.string() }));
const extensionRows = z.array(z.object({ Key: z.string(), value: z.string() }));

/**
 * The stored values that still fit the form: known fields holding the kind of value the
 * form keeps there (text or number, or the rows of a list). Anything else, say from an
 * older version of the form, is left at its starting value.
 */
export function restorableValues(start: ListingFormValues, stored: Record<string, unknown>): Partial<ListingFormValues> {
  const restored: Record<string, unknown> = {};
  for (const [name, initial] of Object.entries(start)) {
    if (!Object.hasOwn(stored, name)) continue;
    const value = stored[name];
    const fits =
      name === 'Images'
        ? imageRows.safeParse(value).success
        : name === 'ExtensionColumn'
          ? extensionRows.safeParse(value).success
          : typeof value === 'string' || (typeof value === 'number' && typeof initial !== 'object');
    if (fits && JSON.stringify(value) !== JSON.stringify(initial)) restored[name] = value;
  }
  return restored as Partial<ListingFormValues>;
}
