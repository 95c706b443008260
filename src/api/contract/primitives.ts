import * as z from 'zod/mini';

/**
 * Field-level building blocks shared by every operation's schema.
 * Messages are written for people: the form shows them at the field, and the
 * service prefixes them with the field's name.
 */

/*
 * The contract is written with zod/mini, whose schemas tree-shake: the first page carries only
 * what it checks (classic zod's methods pull in every schema and JSON Schema). zod/mini brings
 * no messages of its own; the English ones are what the service's Message and the client's
 * errors quote where a field has no message here ("expected string, received undefined").
 */
z.config(z.locales.en());

/** `rgb(r,g,b)` with each channel an integer 0..255; spaces after commas are tolerated. */
export const RGB_PATTERN = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

export const rgbColor = z.string().check(
  z.refine(
    (value) => {
      const match = RGB_PATTERN.exec(value);
      return match !== null && match.slice(1, 4).every((channel) => Number(channel) <= 255);
    },
    { error: 'must be a colour written as rgb(r,g,b) with each channel 0 to 255' },
  ),
);

/** Absolute http(s) URL; `javascript:` and friends are refused, so stored links are safe to render. */
export const httpUrl = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: 'must be a full http:// or https:// address',
});

/** An http(s) URL or nothing: the Edit fields accept an empty string to clear a link. */
export const optionalHttpUrl = z.union([z.literal(''), httpUrl], {
  error: 'must be a full http:// or https:// address',
});

export const email = z.email({ error: 'must be an e-mail address such as name@example.com' });
export const optionalEmail = z.union([z.literal(''), email], {
  error: 'must be an e-mail address such as name@example.com',
});

/** A host name a widget may be embedded on, e.g. `example.com` or `shop.example.co.uk`. */
export const hostname = z.string().check(z.regex(z.regexes.domain, { error: 'must be a host name such as example.com' }));

export const integer = z.int({ error: 'must be a whole number' });
export const nonNegativeInteger = integer.check(z.gte(0, { error: 'must be 0 or more' }));

/** Numbers the listing seed types as "number": finite, never NaN or Infinity. */
export const finiteNumber = z.number({ error: 'must be a number' }).check(z.refine(Number.isFinite, { error: 'must be a finite number' }));

export const latitude = finiteNumber.check(
  z.gte(-90, { error: 'must be between -90 and 90' }),
  z.lte(90, { error: 'must be between -90 and 90' }),
);
export const longitude = finiteNumber.check(
  z.gte(-180, { error: 'must be between -180 and 180' }),
  z.lte(180, { error: 'must be between -180 and 180' }),
);

/** Paged lists (listings, settings versions): pages count from 1, and hold 1 to MAX_PAGE_SIZE items. */
export const MAX_PAGE_SIZE = 100;
export const pageNumber = integer.check(z.gte(1, { error: 'must be 1 or more' }));
export const pageSize = integer.check(
  z.gte(1, { error: `must be between 1 and ${MAX_PAGE_SIZE}` }),
  z.lte(MAX_PAGE_SIZE, { error: `must be between 1 and ${MAX_PAGE_SIZE}` }),
);

/** The chatbot id: opaque text, but never empty. */
export const chatbotId = z.string().check(z.trim(), z.minLength(1, { error: 'is required' }));

/** Every response is wrapped in this envelope, errors included. */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    Data: data,
    Version: z.string(),
    Success: z.boolean(),
    Code: z.int(),
    Message: z.string(),
  });
}

/** The envelope of a failure: Data is whatever the service put there (usually null). */
export const errorEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T> = { Data: T; Version: string; Success: boolean; Code: number; Message: string };
