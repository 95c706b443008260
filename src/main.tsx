// First: the build also loads it on its own, ahead of this module (see build/early-entry.ts).
import './boot';
import './app/mantine-styles.css';
import '@mantine/notifications/styles.css';
// The theme's colour variables, written once (theme-css-variables.test.tsx), not by the provider at run time.
import './app/theme-css-variables.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAccessControls } from './app/deferred-access';
import { ConfirmHost, confirmDialog } from './app/deferred-confirm';
import { DeferredNotifications, notificationsContainer } from './app/deferred-notifications';
import { whenFirstPageSettled } from './app/first-page-settled';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { theme } from './app/theme';

const queryClient = createQueryClient();
const router = createRouter(queryClient);

// Not needed to show the first page, but loaded right after it: a notification or a dialog
// can then appear even if the service (which also serves the app's code) has gone away.
void whenFirstPageSettled(router, queryClient).then(() => {
  notificationsContainer.load().catch(() => undefined);
  confirmDialog.load().catch(() => undefined);
  loadAccessControls().catch(() => undefined);
});

/**
 * Resolves once the parser has read the whole page, #root included. This module is not
 * always run by its own (deferred) script: boot.ts, an async script, starts the open page's
 * module, which imports shared code from this chunk, so on a warm cache this chunk can run
 * while the parser is still in <head>.
 */
function whenDocumentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

const app = (
  <StrictMode>
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <DeferredNotifications />
        <ConfirmHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>
);

// Not a top-level await: the page modules that import this chunk need not wait for the parser.
void whenDocumentParsed().then(() => createRoot(document.getElementById('root')!).render(app));
