import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import type { ChatbotDetail } from '../../api/contract';
import { ErrorAlert } from '../../components/error-alert';
import { runWhenIdle } from '../../lib/run-when-idle';
import { chatStoreOf, type ChatSnapshot, type ChatStore, type OutgoingMessage, type SettingsVersionLookup } from './chat-store';
import type { AnswerMode, AssistantMessage } from './chat-transcript';
import classes from './chat-page.module.css';
import { Composer } from './composer';
import { warmUpMarkdownLater } from './deferred-markdown';
import { LazySessionsDrawer, useSessionsDrawerAtIdle } from './lazy-sessions-drawer';
import { SessionList } from './session-list';
import { Transcript } from './transcript';
import { activeSessionOf, isSessionBusy, useChatSelection, useChatSnapshot, wholeChatSnapshot } from './use-chat';
import { useSettingsVersionLookup } from './use-settings-version';

/*
 * One chatbot's chat. The frame (header, drawer, composer) does not hear the chat's store:
 * each part picks what it shows (useChatSelection), so a question and its answer re-render
 * the transcript and the few parts whose content changes, not the whole page four times.
 */

const activeSessionIdOf = (snapshot: ChatSnapshot) => activeSessionOf(snapshot)?.id ?? null;
const isActiveSessionBusy = (snapshot: ChatSnapshot) => isSessionBusy(snapshot, activeSessionIdOf(snapshot));
const isWritingElsewhere = ({ state, busySessions }: ChatSnapshot) =>
  state.sessions.some((session) => session.id !== state.activeSessionId && busySessions.has(session.id));

/** The chat of `chatbotId`: sessions beside (or in a drawer), the conversation, the composer. */
export function ChatWorkspace({ chatbotId, compareSwitch }: { chatbotId: string; compareSwitch: ReactNode }) {
  const store = chatStoreOf(chatbotId);
  const settingsVersion = useSettingsVersionLookup(chatbotId);
  const settings = useQuery(chatbotDetailQueryOptions(chatbotId));
  const [mode, setMode] = useState<AnswerMode>('stream');
  const send = useCallback(
    async (message: OutgoingMessage, onPlaced?: () => void) => {
      await store.send(message, onPlaced, { settingsVersion });
    },
    [store, settingsVersion],
  );
  // The first answer then finds the Markdown parser warm (see warmUpMarkdown).
  useEffect(() => runWhenIdle(warmUpMarkdownLater), []);

  const startNewChat = useCallback(() => {
    // A failure shows above the transcript through createSessionError.
    store.newChat().catch(() => {});
  }, [store]);
  const stopAnswer = useCallback(() => {
    const sessionId = activeSessionIdOf(store.getSnapshot());
    if (sessionId !== null) store.stop(sessionId);
  }, [store]);

  // Below `md` the session list is a drawer (beside the app's navigation it would squeeze the
  // conversation past the window at 768 px); it closes when the window grows past that.
  const wide = useMediaQuery('(min-width: 62em)', true, {
    getInitialValueInEffect: false,
  });
  const [drawerOpened, setDrawerOpened] = useState(false);
  const drawer = useSessionsDrawerAtIdle(!wide);
  const closeDrawer = useCallback(() => setDrawerOpened(false), []);
  const openFromDrawer = useCallback(
    (id: number) => {
      store.openSession(id);
      setDrawerOpened(false);
    },
    [store],
  );
  const newChatFromDrawer = useCallback(() => {
    setDrawerOpened(false);
    startNewChat();
  }, [startNewChat]);

  return (
    <div className={classes.workspace}>
      <div className={classes.sessions}>{wide && <ChatSessions store={store} onOpen={store.openSession} onNewChat={startNewChat} />}</div>
      {!wide && (
        <LazySessionsDrawer opened={drawerOpened} onClose={closeDrawer} failed={drawer.failed}>
          <ChatSessions store={store} onOpen={openFromDrawer} onNewChat={newChatFromDrawer} />
        </LazySessionsDrawer>
      )}
      <section className={classes.conversation} aria-label="Conversation">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <SessionsButton
              store={store}
              expanded={drawerOpened}
              onClick={() => {
                // Pressed before the idle moment fetched it: fetch it now; it opens on arrival.
                drawer.load();
                setDrawerOpened(true);
              }}
            />
            <Title order={2}>Chat</Title>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <SessionBadge store={store} />
            {compareSwitch}
          </Group>
        </Group>
        <Conversation
          store={store}
          chatbotId={chatbotId}
          settings={settings}
          settingsVersion={settingsVersion}
          onSuggestion={(text) => {
            send({ content: text, attachments: [], mode }).catch(() => {});
          }}
          onNewChat={startNewChat}
        />
        <ChatComposer
          store={store}
          placeholder={settings.data?.UserInputPlaceholder || 'Write a message'}
          mode={mode}
          onModeChange={setMode}
          onSend={send}
          onStop={stopAnswer}
        />
      </section>
    </div>
  );
}

function ChatSessions({ store, onOpen, onNewChat }: { store: ChatStore; onOpen: (id: number) => void; onNewChat: () => void }) {
  const { state, busySessions, creatingSession } = useChatSelection(store, wholeChatSnapshot);
  return (
    <SessionList
      sessions={state.sessions}
      activeSessionId={state.activeSessionId}
      busySessions={busySessions}
      creating={creatingSession}
      onNewChat={onNewChat}
      onOpen={onOpen}
      onClear={store.clearSession}
      onDelete={store.deleteSession}
    />
  );
}

function SessionsButton({ store, expanded, onClick }: { store: ChatStore; expanded: boolean; onClick: () => void }) {
  const writingElsewhere = useChatSelection(store, isWritingElsewhere);
  return (
    <Button
      hiddenFrom="md"
      variant="default"
      size="compact-sm"
      leftSection={<IconMessages size={16} />}
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={writingElsewhere ? 'Sessions (another session is writing an answer)' : 'Sessions'}
    >
      Sessions
    </Button>
  );
}

function SessionBadge({ store }: { store: ChatStore }) {
  const sessionId = useChatSelection(store, activeSessionIdOf);
  return sessionId !== null ? (
    <Badge variant="light" size="lg" tt="none">
      Session #{sessionId}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" truncate>
      No session open
    </Text>
  );
}

interface ConversationProps {
  store: ChatStore;
  chatbotId: string;
  /** Detail; null when the service cannot report the settings. */
  settings: UseQueryResult<ChatbotDetail | null>;
  settingsVersion: SettingsVersionLookup;
  onSuggestion: (text: string) => void;
  onNewChat: () => void;
}

/** The open session's transcript, and why none could be opened: the one part that hears every change. */
function Conversation({ store, chatbotId, settings, settingsVersion, onSuggestion, onNewChat }: ConversationProps) {
  const snapshot = useChatSnapshot(store);
  const session = activeSessionOf(snapshot);
  const sessionId = session?.id ?? null;
  const retryAnswer = useCallback(
    (answer: AssistantMessage) => {
      if (sessionId !== null) store.retry(sessionId, answer, settingsVersion);
    },
    [store, sessionId, settingsVersion],
  );
  return (
    <>
      {snapshot.createSessionError && (
        <ErrorAlert error={snapshot.createSessionError} title="No chat session could be opened" onRetry={onNewChat} />
      )}
      {settings.isError && (
        <Text size="xs" c="dimmed">
          The chatbot’s welcome message and suggestions could not be read: {settings.error.message}
        </Text>
      )}
      <Transcript
        chatbotId={chatbotId}
        session={session}
        settings={settings.data ?? undefined}
        settingsPending={settings.isPending}
        suggestionsDisabled={isSessionBusy(snapshot, sessionId)}
        onSuggestion={onSuggestion}
        onRetry={retryAnswer}
        onNewChat={onNewChat}
        liveAnswerOf={store.liveAnswerOf}
      />
    </>
  );
}

interface ChatComposerProps {
  store: ChatStore;
  placeholder: string;
  mode: AnswerMode;
  onModeChange: (mode: AnswerMode) => void;
  onSend: (message: OutgoingMessage, onPlaced?: () => void) => Promise<void>;
  onStop: () => void;
}

function ChatComposer({ store, ...composer }: ChatComposerProps) {
  const busy = useChatSelection(store, isActiveSessionBusy);
  return <Composer {...composer} busy={busy} />;
}
