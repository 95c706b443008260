import type { Locator, Page } from '@playwright/test';
import type { FirstVisitArea } from './bundle-size';

export interface FirstVisitRoute {
  area: Exclude<FirstVisitArea, 'sign-in'>;
  path: string;
  /** What shows once the area is ready for what a user came for: the visit is measured up to it. */
  ready: (page: Page) => Locator;
}

/**
 * The dashboard's areas as a staff member opens them by a link, for one chatbot: one list for
 * the check in `npm test` (e2e/first-visit-weight.spec.ts) and the bench's figures. The sign-in
 * page needs a console with members, which each sets up its own way.
 */
export function firstVisitRoutes(chatbotId: string): FirstVisitRoute[] {
  return [
    { area: 'listings', path: `/bots/${chatbotId}/listings`, ready: (page) => page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1) },
    { area: 'settings', path: `/bots/${chatbotId}/settings`, ready: (page) => page.getByRole('textbox', { name: 'System message' }) },
    { area: 'chat', path: `/bots/${chatbotId}/chat`, ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
    // The console's way to the API reference (its link opens the reference, served by the service).
    { area: 'connection', path: '/connection', ready: (page) => page.getByRole('link', { name: 'API reference' }) },
    { area: 'activity', path: '/activity', ready: (page) => page.getByRole('link', { name: 'Export CSV' }) },
    { area: 'members', path: '/members', ready: (page) => page.getByRole('table', { name: 'Members' }) },
  ];
}
