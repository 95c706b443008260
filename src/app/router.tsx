import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './app-layout';
import { HomeRedirect } from './home-redirect';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/**
 * Every area is its own lazily loaded chunk, so the first page load carries only the
 * shell and the page the user opened. Routes carry the chatbot id so every view is linkable.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            path: 'connection',
            lazy: () => import('../features/connection/connection-page').then((m) => ({ Component: m.ConnectionPage })),
          },
          {
            path: 'bots/:botId',
            children: [
              { index: true, element: <Navigate to="settings" replace /> },
              {
                path: 'settings',
                lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
              },
              {
                path: 'chat',
                lazy: () => import('../features/chat/chat-page').then((m) => ({ Component: m.ChatPage })),
              },
              {
                path: 'listings',
                lazy: () => import('../features/listings/listings-page').then((m) => ({ Component: m.ListingsPage })),
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
