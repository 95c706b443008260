import { existsSync } from 'node:fs';

/**
 * Playwright cannot download its own browsers here, so the suite drives the system's
 * Chromium (Debian's `chromium` package). CHROMIUM_PATH points at another one.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
