import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './e2e/support/e2e-service';
import { CHROMIUM_ARGS, findBrowser } from './scripts/find-browser';

const baseURL = `http://localhost:${E2E_PORT}`;

/** Each spec file works on its own seeded chatbot so files can run side by side. */
const E2E_CHATBOT_IDS = [
  'e2e-shell',
  'e2e-settings',
  'e2e-chat',
  'e2e-listings',
  'e2e-reliability',
  'e2e-security',
  'e2e-faults',
  'e2e-injection',
  'e2e-secrets',
  'e2e-deploy',
  'e2e-history',
  'e2e-conflict',
  'e2e-a11y',
  'e2e-layout',
  'e2e-compare',
  'e2e-compare-b',
  'e2e-listings-scale',
  'e2e-listings-import',
  'e2e-widget',
  'e2e-widget-limits',
  'e2e-widget-popup',
  'e2e-widget-domains',
  'e2e-widget-media',
  'e2e-widget-voice',
  'e2e-widget-preview',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  // None, in CI too: a test that passes only on its second try is a defect to fix, not to hide (#33).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Upper bounds, not waits: a passing check ends as soon as its condition holds. They are sized for
  // this 2-core machine with the whole suite (two browsers and the service) and other work on it:
  // at a load average of 12 a settings page took over 10 s to draw again after a reload, and a
  // journey of a dozen steps over a minute. Speed itself is measured by `npm run bench`, not here.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findBrowser(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 } } }],
  webServer: {
    // A fresh database per run: emptied before the service starts.
    command: `rm -rf "${E2E_DATA_DIR}" && tsx server/main.ts`,
    url: `${baseURL}/console/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      EXTRA_CHATBOT_IDS: E2E_CHATBOT_IDS.join(','),
      LOG_LEVEL: 'warn',
      // Streamed questions with a [fault:<name>] marker break on request (e2e/stream-faults.spec.ts).
      FAULTS: 'all',
      // Answers stream fast here (1 ms a word, not `npm start`'s 25 ms), so the many tests that
      // wait for a whole answer do not wait for a pace meant to look like a real bot; a question
      // with the SLOW_PACE marker (e2e/support/e2e-service.ts) gets 25 ms, for the tests that
      // must see an answer mid-way (Stop, leaving and coming back).
      STREAM_DELAY_MS: '1',
      STREAM_SLOW_DELAY_MS: '25',
      // Every browser of the suite is one client address (127.0.0.1): its widget tests together
      // are not one visitor. The per-address limits have their own service tests (server/routes/widget.test.ts).
      WIDGET_SESSIONS_PER_ADDRESS: '100000',
      WIDGET_QUESTIONS_PER_ADDRESS: '100000',
      WIDGET_UPLOADS_PER_ADDRESS: '100000',
    },
  },
});
