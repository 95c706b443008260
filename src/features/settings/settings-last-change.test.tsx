import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionSummary } from '../../api/contract';
import type { Role } from '../../api/contract/permissions';
import { latestVersionQueryOptions } from '../../api/versions';
import { signInAs } from '../../test-support/signed-in-member';
import { SettingsLastChange } from './settings-last-change';

const NOW = Date.UTC(2026, 10, 27, 14, 0);
const MINUTE = 60_000;

function version(overrides: Partial<VersionSummary> = {}): VersionSummary {
  return { Version: 4, CreatedAt: NOW - 3 * MINUTE, ChangedFields: ['Name'], Source: 'console', RestoredFrom: null, EditedBy: 'Dana Ruiz', ...overrides };
}

/** The newest version as Versions answered it, read at NOW (nothing is fetched); undefined: asked of the service. */
function renderLine(latest: VersionSummary | null | undefined, role: Role = 'Owner') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signInAs(queryClient, role);
  if (latest !== undefined) queryClient.setQueryData(latestVersionQueryOptions('demo-bot').queryKey, latest, { updatedAt: NOW });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SettingsLastChange chatbotId="demo-bot" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SettingsLastChange', () => {
  it('names who saved the newest version, linking to the chatbot’s saves in Activity', () => {
    renderLine(version());
    expect(screen.getByRole('link', { name: 'Edited by Dana Ruiz, 3 minutes ago' })).toHaveAttribute('href', '/activity?chatbot=demo-bot&action=settings.save');
  });

  it('links a restore to the restores, and a first version to the chatbot’s whole record', () => {
    const { unmount } = renderLine(version({ RestoredFrom: 2 }));
    expect(screen.getByRole('link')).toHaveAttribute('href', '/activity?chatbot=demo-bot&action=settings.restore');
    unmount();
    renderLine(version({ Version: 1, Source: 'created', EditedBy: null, CreatedAt: NOW - 3 * 24 * 60 * MINUTE }));
    expect(screen.getByRole('link', { name: 'Created 3 days ago' })).toHaveAttribute('href', '/activity?chatbot=demo-bot');
  });

  it('says "API client" for a save with a key, and is plain text for a member who may not see Activity', () => {
    renderLine(version({ Source: 'other', EditedBy: null }), 'Viewer');
    expect(screen.getByTestId('last-change')).toHaveTextContent('Edited by API client, 3 minutes ago');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing before the first version', () => {
    renderLine(null);
    expect(screen.queryByTestId('last-change')).toBeNull();
  });

  it('shows nothing against a service without Versions', async () => {
    // A fault the local service cannot produce: a hosted service that has no such operation.
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ Data: null, Version: 'test', Success: false, Code: 404, Message: 'Not Found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderLine(undefined);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/chat\/Chatbot\/Versions$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('last-change')).toBeNull();
  });
});
