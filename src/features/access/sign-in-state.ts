import type { Bootstrap } from '../../api/contract/bootstrap';

/** What the sign-in page needs to know before it shows anything. */
export interface SignInState {
  /** `setup`: the console waits for its first owner, and nobody can sign in yet. */
  access: 'sign-in' | 'setup' | 'signed-in';
  sso: boolean;
}

/**
 * What the server wrote into the page when it served it (server/console/sign-in-page.ts): its
 * own two words, so they are read without zod. Null when the page came without them (`vite`'s
 * development server serves the file as it is).
 */
export function signInStateOfPage(document: Document): SignInState | null {
  const access = document.querySelector('meta[name="realty-bot:access"]')?.getAttribute('content');
  const sso = document.querySelector('meta[name="realty-bot:sso"]')?.getAttribute('content');
  if ((access !== 'sign-in' && access !== 'setup') || (sso !== 'on' && sso !== 'off')) return null;
  return { access, sso: sso === 'on' };
}

/**
 * The same, asked of /console/bootstrap (with its schema) when the page did not say. A demo
 * start signs in there (fetchBootstrap), so it too ends as `signed-in`. No answer at all reads
 * as the sign-in form: whatever failed will fail again, with its message, on Sign in.
 */
export async function askSignInState(signal: AbortSignal): Promise<SignInState> {
  const { fetchBootstrap } = await import('../../api/fetch-bootstrap');
  const bootstrap: Bootstrap | null = await fetchBootstrap(signal);
  if (bootstrap?.access === 'signed-in' || bootstrap?.access === 'setup') return { access: bootstrap.access, sso: bootstrap.sso };
  return { access: 'sign-in', sso: bootstrap?.sso ?? false };
}
