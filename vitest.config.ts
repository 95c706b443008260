import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Every core, not vitest's default of one fewer: on this 2-core machine the default is one
    // worker, and the suite ran on one core (user time about wall time). Measured back to back,
    // quiet: 193 s with the default, 119 s with both cores (all 1,583 tests passing in each);
    // the service project alone 114 → 76 s. build/vitest-workers.test.ts holds it.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          environment: 'node',
          include: ['server/**/*.test.ts', 'reliability/**/*.test.ts', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.service.test.ts'],
          // Isolated, each file paid a fresh worker, jsdom and package imports: ~3 s a file on a busy
          // 2-core machine (environment 234 s of a 390 s run for the 78 .ts files alone). Shared per
          // worker, the same 78 files took 64 s and 56 s (isolated: 390 s, 417 s, interleaved runs).
          // vitest.fresh-modules.ts re-evaluates our own modules per file, so no module state leaks;
          // cleanup and storage are reset after each test by vitest.setup.ts.
          isolate: false,
          setupFiles: ['./vitest.fresh-modules.ts', './vitest.setup.ts', './src/features/chat/marked-lexer.setup.ts'],
        },
      },
      {
        // Client code against the real local service, started once for these files.
        extends: true,
        test: {
          name: 'web-service',
          environment: 'jsdom',
          include: ['src/**/*.service.test.ts'],
          setupFiles: ['./vitest.setup.ts', './src/features/chat/marked-lexer.setup.ts'],
          globalSetup: ['./vitest.service-setup.ts'],
        },
      },
    ],
  },
});
