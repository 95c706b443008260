import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ChatbotDetail } from '../../api/contract';
import { createChatbotSettings } from '../../demo-data';
import type { AssistantMessage, ChatSession, UserMessage } from './chat-transcript';
import { Transcript } from './transcript';
import type * as UserMessageModule from './user-message-view';

/** Counts renders of the question, keeping its memo: the transcript decides whether it renders again. */
const renders = vi.hoisted(() => ({ question: 0 }));

vi.mock('./user-message-view', async (importOriginal) => {
  const original = await importOriginal<typeof UserMessageModule>();
  const { memo: memoOf } = await import('react');
  return {
    UserMessageView: memoOf(function CountedUserMessageView(props: Parameters<typeof original.UserMessageView>[0]) {
      renders.question += 1;
      return <original.UserMessageView {...props} />;
    }),
  };
});

const question: UserMessage = { id: 'q1', role: 'user', content: 'Homes in Austin?', askType: 'Text', attachments: [], sentAt: Date.UTC(2026, 10, 26, 9, 30) };
const streaming: AssistantMessage = { id: 'a1', role: 'assistant', replyTo: 'q1', mode: 'single', status: 'streaming', content: '', startedAt: question.sentAt };

/** The settings as each refetch gives them: a new object with the same values. */
const settingsNow = () => ({ ...createChatbotSettings({ UserMessageColor: 'rgb(20,60,160)', ChatBubbleColor: 'rgb(200,40,40)' }), serialNumber: 'bot-a' });

const noop = () => {};

function transcriptOf(
  session: ChatSession | null,
  { settings, settingsPending = false }: { settings?: ChatbotDetail | undefined; settingsPending?: boolean } = { settings: settingsNow() },
) {
  return (
    <MantineProvider env="test">
      <Transcript
        chatbotId="bot-a"
        session={session}
        settings={settings}
        settingsPending={settingsPending}
        suggestionsDisabled={false}
        onSuggestion={noop}
        onRetry={noop}
        onNewChat={noop}
        liveAnswerOf={() => undefined}
      />
    </MantineProvider>
  );
}

describe('Transcript', () => {
  beforeEach(() => {
    renders.question = 0;
  });

  it('holds the empty conversation\'s hint back until the settings are in, so the welcome message does not push it down', () => {
    const hint = 'Write a message to start a chat; it opens a new session.';
    const { rerender } = render(transcriptOf(null, { settings: undefined, settingsPending: true }));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();

    rerender(transcriptOf(null, { settings: { ...settingsNow(), WelcomeMessage: 'Hello from Sunrise' } }));
    const welcome = screen.getByTestId('welcome-message');
    expect(welcome).toHaveTextContent('Hello from Sunrise');
    // The hint comes after the welcome message, drawn in the same render.
    expect(welcome.compareDocumentPosition(screen.getByText(hint)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads no layout while it mounts: the first height comes from the resize observer, after the browser has laid it out', () => {
    const heightRead = vi.fn(() => 0);
    const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!;
    Object.defineProperty(Element.prototype, 'scrollHeight', { configurable: true, get: heightRead });
    try {
      render(transcriptOf(null));
      expect(screen.getByTestId('welcome-message')).toBeInTheDocument();
      expect(heightRead).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
    }
  });

  it('shows the hint when the settings could not be read, without a welcome message', () => {
    render(transcriptOf(null, { settings: undefined, settingsPending: false }));
    expect(screen.getByText('Write a message to start a chat; it opens a new session.')).toBeInTheDocument();
    expect(screen.queryByTestId('welcome-message')).not.toBeInTheDocument();
  });

  it('shows the question in the user colour, and does not render it again while its answer arrives and settles', () => {
    const { rerender } = render(transcriptOf({ id: 7, createdAt: question.sentAt, messages: [question, streaming] }));
    const shown = screen.getByRole('article', { name: 'Your message' });
    expect(shown).toHaveTextContent('Homes in Austin?');
    expect(shown).toHaveStyle({ background: 'rgb(20, 60, 160)' });
    expect(renders.question).toBe(1);

    // The answer settles: a new session object, the same question, and settings as a refetch gives them.
    rerender(transcriptOf({ id: 7, createdAt: question.sentAt, messages: [question, { ...streaming, status: 'done', content: 'Two homes.' }] }));
    expect(screen.getByRole('article', { name: 'Assistant message' })).toHaveTextContent('Two homes.');
    expect(renders.question).toBe(1);
  });
});
