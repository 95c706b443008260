import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, redirect } from 'react-router';
import { AppLayout } from './app-layout';
import { NotFound } from './not-found';
import { prefetchChatDetail, prefetchListings, prefetchShell, startPage } from './prefetch';
import { RouteError } from './route-error';
import { areaModules } from './route-modules';

/** Loads `url` as a new page; the route never finishes, since this page is going away. */
function leaveFor(url: string): Promise<never> {
  window.location.replace(url);
  return new Promise(() => undefined);
}

/**
 * Every area is its own lazily loaded chunk, so the first page load carries only the
 * shell and the page the user opened. Routes carry the chatbot id so every view is linkable.
 * Loaders run beside the lazy chunks: they start the page's requests and return at once.
 */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    // The sign-in page is a page of its own (sign-in.html, which the server sends for /sign-in):
    // from the dashboard it is reached by a page load, which also drops what the dashboard held.
    { path: '/sign-in', loader: ({ request }) => leaveFor(request.url) },
    // For a signed-out visitor: a card of their own, without the console's navigation.
    {
      path: '/setup',
      errorElement: <RouteError />,
      lazy: () => areaModules.access().then((m) => ({ Component: m.SetupPage })),
    },
    {
      path: '/invite',
      errorElement: <RouteError />,
      lazy: () => areaModules.access().then((m) => ({ Component: m.InvitePage })),
    },
    {
      path: '/',
      loader: () => {
        prefetchShell(queryClient);
        return null;
      },
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            // Decided before anything renders, so the start page's own loaders run at once.
            { index: true, loader: async () => redirect(await startPage(queryClient)) },
            {
              path: 'connection',
              lazy: () => areaModules.connection().then((m) => ({ Component: m.ConnectionPage })),
            },
            {
              path: 'members',
              lazy: () => areaModules.members().then((m) => ({ Component: m.MembersPage })),
            },
            {
              path: 'account',
              lazy: () => areaModules.access().then((m) => ({ Component: m.AccountPage })),
            },
            {
              path: 'activity',
              lazy: () => areaModules.activity().then((m) => ({ Component: m.ActivityPage })),
            },
            {
              path: 'bots/:botId',
              children: [
                { index: true, element: <Navigate to="settings" replace /> },
                {
                  path: 'settings',
                  lazy: () => areaModules.settings().then((m) => ({ Component: m.SettingsPage })),
                },
                {
                  path: 'chat',
                  loader: ({ params }) => {
                    prefetchChatDetail(queryClient, params.botId);
                    return null;
                  },
                  lazy: () => areaModules.chat().then((m) => ({ Component: m.ChatPage })),
                },
                {
                  path: 'listings',
                  loader: ({ params, request }) => {
                    prefetchListings(queryClient, params.botId, request.url);
                    return null;
                  },
                  lazy: () => areaModules.listings().then((m) => ({ Component: m.ListingsPage })),
                },
              ],
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ]);
}
