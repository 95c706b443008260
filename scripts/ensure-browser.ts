import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findBrowser } from './find-browser';

/**
 * Runs before the e2e suite: finds Chromium, installs Debian's package when we are root
 * on a machine with apt-get, and otherwise stops with the one thing to do.
 */
function main(): void {
  const found = findBrowser();
  if (found) return;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error('No Chromium found: install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.');
    process.exit(1);
  }
  console.log('No Chromium found; installing Debian\'s chromium package (one time)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!findBrowser()) {
    console.error('Installing chromium did not provide /usr/bin/chromium; set CHROMIUM_PATH to a Chromium binary.');
    process.exit(1);
  }
}

main();
