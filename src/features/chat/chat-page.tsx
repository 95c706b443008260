import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import { ErrorAlert } from '../../components/error-alert';
import { runWhenIdle } from '../../lib/run-when-idle';
import type { AnswerMode, AssistantMessage } from './chat-transcript';
import { Composer } from './composer';
import { warmUpMarkdown } from './markdown-text';
import { SessionList } from './session-list';
import { Transcript } from './transcript';
import { useChat } from './use-chat';

export function ChatPage() {
  const { botId } = useParams();
  if (!botId) return null;
  // A different chatbot is a different set of sessions: start from a clean slate.
  return <ChatWorkspace key={botId} chatbotId={botId} />;
}

function ChatWorkspace({ chatbotId }: { chatbotId: string }) {
  const chat = useChat(chatbotId);
  const settings = useQuery(chatbotDetailQueryOptions(chatbotId));
  const [mode, setMode] = useState<AnswerMode>('stream');
  const session = chat.activeSession;
  const sessionId = session?.id ?? null;
  const busy = sessionId !== null && chat.busySessions.has(sessionId);
  const { newChat, retry, stop, send, liveAnswerOf } = chat;
  // The first answer then finds the Markdown parser warm (see warmUpMarkdown).
  useEffect(() => runWhenIdle(warmUpMarkdown), []);

  const startNewChat = useCallback(() => {
    // A failure shows above the transcript through createSessionError.
    newChat().catch(() => {});
  }, [newChat]);

  const stopAnswer = useCallback(() => {
    if (sessionId !== null) stop(sessionId);
  }, [stop, sessionId]);

  const retryAnswer = useCallback(
    (answer: AssistantMessage) => {
      if (sessionId !== null) retry(sessionId, answer);
    },
    [retry, sessionId],
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <SessionList
          sessions={chat.state.sessions}
          activeSessionId={chat.state.activeSessionId}
          busySessions={chat.busySessions}
          creating={chat.creatingSession}
          onNewChat={startNewChat}
          onOpen={chat.openSession}
          onClear={chat.clearSession}
          onDelete={chat.deleteSession}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="sm" h="calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))" mih={480}>
          <Group justify="space-between" wrap="nowrap">
            <Title order={2}>Chat</Title>
            {session ? (
              <Badge variant="light" size="lg" tt="none">
                Session #{session.id}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                No session open
              </Text>
            )}
          </Group>
          {chat.createSessionError && (
            <ErrorAlert error={chat.createSessionError} title="No chat session could be opened" onRetry={startNewChat} />
          )}
          {settings.isError && (
            <Text size="xs" c="dimmed">
              The chatbot’s welcome message and suggestions could not be read: {settings.error.message}
            </Text>
          )}
          <Transcript
            session={session}
            settings={settings.data}
            suggestionsDisabled={busy}
            onSuggestion={(text) => {
              send({ content: text, attachments: [], mode }).catch(() => {});
            }}
            onRetry={retryAnswer}
            onNewChat={startNewChat}
            liveAnswerOf={liveAnswerOf}
          />
          <Composer
            placeholder={settings.data?.UserInputPlaceholder || 'Write a message'}
            mode={mode}
            onModeChange={setMode}
            busy={busy}
            onSend={send}
            onStop={stopAnswer}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
