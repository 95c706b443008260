import { Badge, Button, Drawer, Group, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import { useConnection } from '../../api/use-connection';
import { ErrorAlert } from '../../components/error-alert';
import { runWhenIdle } from '../../lib/run-when-idle';
import type { OutgoingMessage } from './chat-store';
import type { AnswerMode, AssistantMessage } from './chat-transcript';
import classes from './chat-page.module.css';
import { COMPARE_PARAM, compareBotOf, defaultCompareBot, switchableChatbots } from './compare-pair';
import { CompareView } from './compare-view';
import { Composer } from './composer';
import { warmUpMarkdown } from './markdown-text';
import { SessionList } from './session-list';
import { Transcript } from './transcript';
import type { BrowserSettingsVersion } from './settings-version';
import { useChat } from './use-chat';
import { BrowserSettingsVersionContext, useSettingsVersionLookup } from './use-settings-version';

interface ChatPageProps {
  /** Reads this browser's settings history when the service keeps none (the app hands it in). */
  browserSettingsVersion?: BrowserSettingsVersion;
}

export function ChatPage({ browserSettingsVersion }: ChatPageProps) {
  const { botId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { chatbotIds } = useConnection();
  if (!botId) return null;
  const chatbots = switchableChatbots(botId, chatbotIds);
  const compareBot = compareBotOf(params, botId, chatbots);
  const withCompare = (other: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (other === null) next.delete(COMPARE_PARAM);
      else next.set(COMPARE_PARAM, other);
      return next;
    });
  const compareSwitch = (
    <Switch
      label="Compare"
      checked={compareBot !== null}
      onChange={(event) => withCompare(event.currentTarget.checked ? defaultCompareBot(botId, chatbots) : null)}
    />
  );

  return (
    <BrowserSettingsVersionContext value={browserSettingsVersion}>
      {compareBot === null ? (
        // A different chatbot is a different set of sessions: start from a clean slate.
        <ChatWorkspace key={botId} chatbotId={botId} compareSwitch={compareSwitch} />
      ) : (
        <CompareView
          key={`${botId}\n${compareBot}`}
          leftBotId={botId}
          rightBotId={compareBot}
          chatbots={chatbots}
          // The page's chatbot is the left one, so the header's switcher names it too.
          onLeftChange={(id) => navigate(`/bots/${encodeURIComponent(id)}/chat?${COMPARE_PARAM}=${encodeURIComponent(compareBot)}`)}
          onRightChange={withCompare}
          compareSwitch={compareSwitch}
        />
      )}
    </BrowserSettingsVersionContext>
  );
}

function ChatWorkspace({ chatbotId, compareSwitch }: { chatbotId: string; compareSwitch: ReactNode }) {
  const chat = useChat(chatbotId);
  const settingsVersion = useSettingsVersionLookup(chatbotId);
  const settings = useQuery(chatbotDetailQueryOptions(chatbotId));
  const [mode, setMode] = useState<AnswerMode>('stream');
  const session = chat.activeSession;
  const sessionId = session?.id ?? null;
  const busy = sessionId !== null && chat.busySessions.has(sessionId);
  const { newChat, retry, stop, liveAnswerOf } = chat;
  const sendToStore = chat.send;
  const send = useCallback(
    async (message: OutgoingMessage, onPlaced?: () => void) => {
      await sendToStore(message, onPlaced, { settingsVersion });
    },
    [sendToStore, settingsVersion],
  );
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
      if (sessionId !== null) retry(sessionId, answer, settingsVersion);
    },
    [retry, sessionId, settingsVersion],
  );

  // Below `md` the session list is a drawer (beside the app's navigation it would squeeze the
  // conversation past the window at 768 px); it closes when the window grows past that.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [drawerOpened, setDrawerOpened] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpened(false), []);
  const { openSession } = chat;
  const openFromDrawer = useCallback(
    (id: number) => {
      openSession(id);
      setDrawerOpened(false);
    },
    [openSession],
  );
  const newChatFromDrawer = useCallback(() => {
    setDrawerOpened(false);
    startNewChat();
  }, [startNewChat]);

  const sessionList = (onOpen: (id: number) => void, onNewChat: () => void) => (
    <SessionList
      sessions={chat.state.sessions}
      activeSessionId={chat.state.activeSessionId}
      busySessions={chat.busySessions}
      creating={chat.creatingSession}
      onNewChat={onNewChat}
      onOpen={onOpen}
      onClear={chat.clearSession}
      onDelete={chat.deleteSession}
    />
  );
  const writingElsewhere = chat.state.sessions.some((candidate) => candidate.id !== sessionId && chat.busySessions.has(candidate.id));

  return (
    <div className={classes.workspace}>
      <div className={classes.sessions}>
        {wide && sessionList(openSession, startNewChat)}
      </div>
      <Drawer opened={drawerOpened && !wide} onClose={closeDrawer} title="Chat sessions" size="min(320px, 85vw)">
        {sessionList(openFromDrawer, newChatFromDrawer)}
      </Drawer>
      <section className={classes.conversation} aria-label="Conversation">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Button
              hiddenFrom="md"
              variant="default"
              size="compact-sm"
              leftSection={<IconMessages size={16} />}
              onClick={() => setDrawerOpened(true)}
              aria-haspopup="dialog"
              aria-expanded={drawerOpened}
              aria-label={writingElsewhere ? 'Sessions (another session is writing an answer)' : 'Sessions'}
            >
              Sessions
            </Button>
            <Title order={2}>Chat</Title>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {session ? (
              <Badge variant="light" size="lg" tt="none">
                Session #{session.id}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed" truncate>
                No session open
              </Text>
            )}
            {compareSwitch}
          </Group>
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
          chatbotId={chatbotId}
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
      </section>
    </div>
  );
}
