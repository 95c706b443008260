import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestListingChangeQueryOptions } from '../../../api/activity';
import type { ActivityEntry } from '../../../api/contract/activity';
import type { Role } from '../../../api/contract/permissions';
import { signInAs } from '../../../test-support/signed-in-member';
import { ListingLastChange, listingChangeQuery } from './listing-last-change';

const NOW = Date.UTC(2026, 10, 27, 14, 0);
const LISTING = { ID: 42, MLSNumber: 'MLS-42', Url: 'https://example.com/42' };

function entry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    Id: 9,
    At: NOW - 5 * 60_000,
    MemberId: 'm2',
    MemberName: 'Dana Ruiz',
    ChatbotId: 'demo-bot',
    Action: 'listing.update',
    Target: { Keys: ['MLS-42'], KeyType: 'MLSNumber', Count: 1 },
    Code: 200,
    Message: '',
    ...overrides,
  };
}

/** The record's answer as the server gave it, read at NOW (nothing is fetched); undefined: none at hand. */
function renderLine(latest: ActivityEntry | null | undefined, role: Role = 'Agent') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signInAs(queryClient, role);
  const options = latestListingChangeQueryOptions(listingChangeQuery('demo-bot', LISTING));
  if (latest !== undefined) queryClient.setQueryData(options.queryKey, latest, { updatedAt: NOW });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ListingLastChange chatbotId="demo-bot" listing={LISTING} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ListingLastChange', () => {
  it('asks for the listing under each of its keys, leaving out one too long for a query string', () => {
    expect(listingChangeQuery('demo-bot', LISTING)).toEqual({ chatbot: 'demo-bot', platformId: '42', mlsNumber: 'MLS-42', url: 'https://example.com/42' });
    expect(listingChangeQuery('demo-bot', { ID: 7, MLSNumber: '', Url: `https://example.com/${'x'.repeat(3000)}` })).toEqual({
      chatbot: 'demo-bot',
      platformId: '7',
      mlsNumber: undefined,
      url: undefined,
    });
  });

  it('names who changed the listing, linking to the chatbot’s entries of that action', () => {
    renderLine(entry());
    expect(screen.getByRole('link', { name: 'Edited by Dana Ruiz, 5 minutes ago' })).toHaveAttribute('href', '/activity?chatbot=demo-bot&action=listing.update');
  });

  it('says "Created by" for a creation', () => {
    renderLine(entry({ Action: 'listing.create', MemberName: 'API client', MemberId: null }));
    expect(screen.getByRole('link', { name: 'Created by API client, 5 minutes ago' })).toHaveAttribute('href', '/activity?chatbot=demo-bot&action=listing.create');
  });

  it('shows nothing when the record has no change of it', () => {
    renderLine(null);
    expect(screen.queryByTestId('last-change')).toBeNull();
  });

  it('shows a Viewer nothing, and does not ask the record', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderLine(undefined, 'Viewer');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('last-change')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
