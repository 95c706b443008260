import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { bootstrapQueryOptions } from '../../api/console';
import type { Bootstrap, Member } from '../../api/contract/bootstrap';

/** The member the app believes is signed in, as the bootstrap says it. */
export function createMember(overrides: Partial<Member> = {}): Member {
  return { id: 'me', email: 'me@example.com', name: 'Me', role: 'Owner', chatbots: ['*'], demo: false, ...overrides };
}

/** Renders with the providers the pages need, signed in as `member`. */
export function renderSignedIn(ui: ReactElement, member: Member, chatbotIds = ['demo-bot', 'second-bot']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const bootstrap: Bootstrap = { mode: 'local', access: 'signed-in', member, chatbotIds, sso: false };
  queryClient.setQueryData(bootstrapQueryOptions().queryKey, bootstrap);
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** A service answer in the console's envelope. */
export function envelope(data: unknown, status = 200, message = ''): Response {
  const success = status >= 200 && status < 300;
  return new Response(JSON.stringify({ Data: data, Version: 'test', Success: success, Code: status, Message: message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
