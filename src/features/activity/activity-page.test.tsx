import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, ActivityPage as ActivityPageData } from '../../api/contract/activity';
import type { Role } from '../../api/contract/permissions';
import { signInAs } from '../../test-support/signed-in-member';
import { ActivityPage } from './activity-page';
import { ACTIVITY_PAGE_SIZE } from './activity-view';

// The answer is stubbed at fetch: the page is read against entries of known kinds, times and
// results (a refusal among them). What the service itself answers is checked by its own tests
// (server/console/activity.test.ts) and by e2e/activity.spec.ts.
afterEach(() => vi.restoreAllMocks());

const AT = new Date(2026, 5, 15, 14, 2).getTime();

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    Id: 1,
    At: AT,
    MemberId: 'm-dana',
    MemberName: 'Dana Ruiz',
    ChatbotId: 'demo-bot',
    Action: 'listing.delete',
    Target: { Keys: ['123', '456'], KeyType: 'PlatformId' },
    Code: 200,
    Message: '',
    ...overrides,
  };
}

const MEMBERS = [
  { Id: 'm-olive', Name: 'Olive Owner' },
  { Id: 'm-dana', Name: 'Dana Ruiz' },
];

const ENTRIES = [
  entry({ Id: 3 }),
  entry({
    Id: 2,
    Action: 'settings.save',
    Target: { Fields: ['WelcomeMessage', 'Name'] },
    Code: 403,
    Message: 'Role Agent may not edit settings of demo-bot',
  }),
  entry({ Id: 1, MemberId: 'm-olive', MemberName: 'Olive Owner', ChatbotId: null, Action: 'member.invite', Target: { Email: 'dana@example.com', Role: 'Agent', Chatbots: ['demo-bot'] } }),
];

/** Answers every activity request with `page`, and records the query strings asked for. */
function serveActivity(page: Partial<ActivityPageData> = {}) {
  const asked: URLSearchParams[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://console.test');
    expect(url.pathname).toBe('/console/activity');
    asked.push(url.searchParams);
    const data: ActivityPageData = { List: ENTRIES, VirtualCount: ENTRIES.length, Members: MEMBERS, ...page };
    return new Response(JSON.stringify({ Data: data, Version: 'test', Success: true, Code: 200, Message: '' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch, asked, last: () => Object.fromEntries(asked.at(-1) ?? []) };
}

/** The address bar, as the router has it. */
function Location() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderActivity(role: Role, url = '/activity', chatbots = ['demo-bot', 'second-bot']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  signInAs(queryClient, role, chatbots);
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/activity" element={<ActivityPage />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('ActivityPage', () => {
  it('shows each entry: when, who, where, what, its details linking to what it touched, and the result', async () => {
    serveActivity();
    renderActivity('Owner');
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const deleted = within(rows[0]!);
    expect(deleted.getByText('Dana Ruiz')).toBeInTheDocument();
    expect(deleted.getByText('demo-bot')).toBeInTheDocument();
    expect(deleted.getByText('Deleted listings')).toBeInTheDocument();
    expect(deleted.getByRole('link', { name: '2 listings: 123, 456' })).toHaveAttribute('href', '/bots/demo-bot/listings');
    expect(deleted.getByText('OK')).toBeInTheDocument();
    expect(deleted.getByText(new Date(AT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))).toHaveAttribute(
      'datetime',
      new Date(AT).toISOString(),
    );

    const refused = within(rows[1]!);
    expect(refused.getByRole('link', { name: 'Welcome message, Name' })).toHaveAttribute('href', '/bots/demo-bot/settings');
    expect(refused.getByText('403 · Role Agent may not edit settings of demo-bot')).toBeInTheDocument();

    // An Owner may open Members.
    expect(within(rows[2]!).getByRole('link', { name: 'dana@example.com as Agent on demo-bot' })).toHaveAttribute('href', '/members');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('asks for the filters the URL holds, and puts each filter chosen into the URL, from page 1', async () => {
    const { last } = serveActivity({ VirtualCount: 120 });
    renderActivity('Owner', '/activity?chatbot=demo-bot&page=2');
    await screen.findByRole('table', { name: 'Activity' });
    expect(last()).toEqual({ chatbot: 'demo-bot', page: '2', pageSize: String(ACTIVITY_PAGE_SIZE) });

    const memberSelect = screen.getByRole('combobox', { name: 'Member' });
    await within(memberSelect).findByRole('option', { name: 'Dana Ruiz' });
    expect(within(memberSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Anyone', 'Dana Ruiz', 'Olive Owner', 'API client']);
    await userEvent.selectOptions(memberSelect, 'Dana Ruiz');
    await waitFor(() => expect(address()).toBe('/activity?member=m-dana&chatbot=demo-bot'));
    await waitFor(() => expect(last()).toEqual({ member: 'm-dana', chatbot: 'demo-bot', page: '1', pageSize: String(ACTIVITY_PAGE_SIZE) }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deleted listings');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-15' } });
    await waitFor(() => expect(address()).toBe('/activity?member=m-dana&chatbot=demo-bot&action=listing.delete&from=2026-06-01&to=2026-06-15'));
    await waitFor(() =>
      expect(last()).toEqual({
        member: 'm-dana',
        chatbot: 'demo-bot',
        action: 'listing.delete',
        // Local midnights; To takes in all of its day.
        from: String(new Date(2026, 5, 1).getTime()),
        to: String(new Date(2026, 5, 16).getTime()),
        page: '1',
        pageSize: String(ACTIVITY_PAGE_SIZE),
      }),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Member' }), 'API client');
    await waitFor(() => expect(last().member).toBe('api-client'));
  });

  it('pages through the server', async () => {
    const { last } = serveActivity({ VirtualCount: 120 });
    renderActivity('Owner');
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(address()).toBe('/activity?page=2'));
    await waitFor(() => expect(last().page).toBe('2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('exports the filtered entries: Export CSV carries the filters, not the page', async () => {
    serveActivity();
    renderActivity('Owner', '/activity?member=m-dana&action=listing.delete&from=2026-06-01&to=2026-06-01&page=2');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(exportLink.getAttribute('href')!, 'http://console.test');
    expect(href.pathname).toBe('/console/activity.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      member: 'm-dana',
      action: 'listing.delete',
      from: String(new Date(2026, 5, 1).getTime()),
      to: String(new Date(2026, 5, 2).getTime()),
    });
    expect(exportLink).toHaveAttribute('download');
    await screen.findByRole('table', { name: 'Activity' });
  });

  it('says when nothing matches, and clears the filters', async () => {
    const { last } = serveActivity({ List: [], VirtualCount: 0 });
    renderActivity('Agent', '/activity?action=sign-in');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(screen.getByText('Who did what on your chatbots, newest first.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(address()).toBe('/activity'));
    await waitFor(() => expect(last().action).toBeUndefined());
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it("offers an Agent only their chatbots, and no link to Members they may not open", async () => {
    serveActivity();
    renderActivity('Agent', '/activity', ['demo-bot']);
    const rows = within(await screen.findByRole('table', { name: 'Activity' })).getAllByRole('row');
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    expect(within(rows[3]!).getByText('dana@example.com as Agent on demo-bot')).toBeInTheDocument();
    const chatbots = within(screen.getByRole('combobox', { name: 'Chatbot' })).getAllByRole('option');
    expect(chatbots.map((option) => option.textContent)).toEqual(['All chatbots', 'demo-bot']);
  });

  it('tells a Viewer their role may not see activity, and asks the server nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderActivity('Viewer');
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByText(/Your role may not see activity/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
