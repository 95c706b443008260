import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '../../api/contract/permissions';
import { saveConnection } from '../../api/credentials';
import { signInAs } from '../../test-support/signed-in-member';
import { ChatPage } from './chat-page';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
});

/** demo-bot's chat page for a member of `role` granted `chatbots`, the connection listing three chatbots. */
function renderPage(role: Role, { chatbots = ['demo-bot'], search = '' }: { chatbots?: string[]; search?: string } = {}) {
  saveConnection({ baseUrl: '', chatbotIds: ['demo-bot', 'bot-2', 'bot-3'] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signInAs(queryClient, role, chatbots);
  const router = createMemoryRouter([{ path: '/bots/:botId/chat', element: <ChatPage /> }], {
    initialEntries: [`/bots/demo-bot/chat${search}`],
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ChatPage by role', { timeout: 30_000 }, () => {
  it('tells a Viewer they cannot chat, with no composer and no sessions', () => {
    renderPage('Viewer');
    expect(screen.getByRole('status')).toHaveTextContent('Your role (Viewer) cannot chat with this chatbot.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New chat/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Compare' })).toBeNull();
  });

  it('gives an Agent the composer', () => {
    renderPage('Agent');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText(/cannot chat with this chatbot/)).toBeNull();
  });

  it('offers Compare only the chatbots the member may chat with', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('Agent', { chatbots: ['demo-bot', 'bot-2'], search: '?compare=bot-2' });
    // The comparison comes in its own chunk (lazy-compare-view.tsx): found once it has arrived.
    const second = within(await screen.findByRole('region', { name: 'Second chatbot: bot-2' }));
    await user.click(second.getByRole('combobox', { name: 'Second chatbot' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['demo-bot', 'bot-2']);
  });

  it('compares with a chatbot the member may chat with when the address names another', async () => {
    renderPage('Agent', { chatbots: ['demo-bot', 'bot-2'], search: '?compare=bot-3' });
    expect(await screen.findByRole('region', { name: 'Second chatbot: bot-2' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Second chatbot: bot-3' })).toBeNull();
  });
});
