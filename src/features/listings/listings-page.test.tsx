import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { listingRowOf } from '../../api/contract';
import type { Role } from '../../api/contract/permissions';
import { listingListQueryOptions } from '../../api/listings';
import { createListing } from '../../demo-data';
import { signInAs } from '../../test-support/signed-in-member';
import { listRequestOf, readListingView } from './filters/listing-view';
import { ListingsPage } from './listings-page';

/** The listings page of demo-bot for a member of `role`, its first page of listings already loaded. */
function renderPage(role: Role, search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signInAs(queryClient, role, ['demo-bot']);
  const request = listRequestOf('demo-bot', readListingView(new URLSearchParams(search)));
  queryClient.setQueryData(listingListQueryOptions(request).queryKey, {
    List: [listingRowOf(createListing({ Address: '7 Elm Street', Images: [] }), 1)],
    VirtualCount: 1,
  });
  const router = createMemoryRouter([{ path: '/bots/:botId/listings', element: <ListingsPage /> }], {
    initialEntries: [`/bots/demo-bot/listings${search}`],
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ListingsPage by role', { timeout: 30_000 }, () => {
  it('lets a Viewer see and export the listings, and offers nothing that changes them', async () => {
    renderPage('Viewer');
    expect(await screen.findByRole('table', { name: 'Listings' })).toHaveTextContent('7 Elm Street');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create listing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select 7 Elm Street' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit 7 Elm Street' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete 7 Elm Street' })).toBeNull();
  });

  it('offers an Agent every change to the listings', async () => {
    renderPage('Agent');
    expect(await screen.findByRole('table', { name: 'Listings' })).toHaveTextContent('7 Elm Street');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create listing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set status' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select 7 Elm Street' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit 7 Elm Street' })).toBeInTheDocument();
  });

  it('opens the listing form from its address for an Agent, never for a Viewer', async () => {
    renderPage('Agent', '?listing=new');
    expect(await screen.findByRole('dialog', { name: 'Create listing' }, { timeout: 10_000 })).toBeInTheDocument();
    cleanup();

    renderPage('Viewer', '?listing=new');
    await screen.findByRole('table', { name: 'Listings' });
    expect(screen.queryByRole('dialog', { name: 'Create listing' })).toBeNull();
  });
});
