import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
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
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        // Client code against the real local service, started once for these files.
        extends: true,
        test: {
          name: 'web-service',
          environment: 'jsdom',
          include: ['src/**/*.service.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
          globalSetup: ['./vitest.service-setup.ts'],
        },
      },
    ],
  },
});
