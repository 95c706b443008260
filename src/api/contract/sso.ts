/*
 * Single sign-on with the console's OpenID Connect provider (not part of the hosted interface).
 * The browser goes to SSO_START_PATH, the provider, then back to SSO_CALLBACK_PATH, which ends
 * either at `next`, signed in, or at the sign-in page with `?sso=<failure>`. Zod-free: the sign-in
 * page reads it without the contract's schemas.
 */

export const SSO_START_PATH = '/console/sso/start';
export const SSO_CALLBACK_PATH = '/console/sso/callback';

/** The sign-in page's query parameter that says why a single sign-on did not sign in. */
export const SSO_FAILURE_PARAM = 'sso';

/**
 * Why a single sign-on did not sign in. Only these fixed codes travel in the address, never a
 * text: anyone can send a link to `/sign-in?sso=…`, and a text there could carry a phishing line.
 * - `not-invited`: no member has the email, and no invitation is waiting for it;
 * - `unverified-email`: the provider gave no email, or did not say it verified it;
 * - `disabled`: the member is disabled;
 * - `expired`: the sign-in was unknown, used already, older than 10 minutes or started in another browser;
 * - `failed`: the provider refused (the person cancelled, say) or could not be reached;
 * - `throttled`: too many failed single sign-ons from this address just now.
 */
export const SSO_FAILURES = ['not-invited', 'unverified-email', 'disabled', 'expired', 'failed', 'throttled'] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
