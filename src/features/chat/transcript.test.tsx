import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
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

function transcriptOf(session: ChatSession) {
  return (
    <MantineProvider env="test">
      <Transcript
        chatbotId="bot-a"
        session={session}
        settings={settingsNow()}
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
