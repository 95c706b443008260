import { vi } from 'vitest';

/**
 * The web project runs with `isolate: false` (vitest.config.ts): one jsdom and one module cache
 * per worker instead of one per file. Our own modules must still start fresh in each file, as they
 * did isolated: module state such as demo-data's listing sequence would otherwise carry over from
 * the file before (status-update-request.test.ts failed so). Packages stay cached: that is the gain.
 */
vi.resetModules();
