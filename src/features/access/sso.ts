import { safeNextPath } from '../../api/contract/safe-next-path';
import { SSO_FAILURES, SSO_START_PATH, type SsoFailure } from '../../api/contract/sso';
import { NEXT_PARAM } from './sign-in-path';

/**
 * Where "Sign in with SSO" goes: a full page load of the server's start address (not a fetch),
 * which sends the browser on to the provider. `next` is where to land once signed in.
 */
export function ssoStartHref(next: string): string {
  const path = safeNextPath(next);
  return path === '/' ? SSO_START_PATH : `${SSO_START_PATH}?${NEXT_PARAM}=${encodeURIComponent(path)}`;
}

const MESSAGES: Record<SsoFailure, string> = {
  'not-invited': 'No member has the email your provider gave. Ask an Owner or Admin for an invitation.',
  'unverified-email':
    'Your provider did not confirm your email address, so the console cannot tell which member you are. Verify it with your provider, or sign in another way.',
  disabled: 'Your membership is disabled. Ask an Owner or Admin to enable it.',
  expired: 'That single sign-on was too old, already used, or started in another browser. Try again.',
  failed: 'Single sign-on did not complete: the provider refused it or could not be reached. Try again, or sign in another way.',
  throttled: 'Too many single sign-ons failed from this network just now. Wait a minute and try again.',
};

/**
 * The sentence for the sign-in page's `?sso=` code; null when there is none. Only the server's
 * fixed codes have one: whatever else a link puts there is not shown.
 */
export function ssoErrorMessage(code: string | null): string | null {
  return code !== null && (SSO_FAILURES as readonly string[]).includes(code) ? MESSAGES[code as SsoFailure] : null;
}
