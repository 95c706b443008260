import { Badge, Button, Group, Select, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import { ErrorAlert } from '../../components/error-alert';
import type { ChatSnapshot, ChatStore, OutgoingMessage, SettingsVersionLookup } from './chat-store';
import { chatStoreOf } from './chat-store';
import type { AnswerMode, AssistantMessage } from './chat-transcript';
import classes from './chat-page.module.css';
import { readCompareSessions, writeCompareSessions, type CompareSessions } from './compare-pair';
import { sendToLanes, stopLanes, type CompareLane } from './compare-sender';
import { Composer } from './composer';
import { Transcript } from './transcript';
import { isSessionBusy, useChatSnapshot } from './use-chat';
import { useSettingsVersionLookup } from './use-settings-version';

interface ComparePaneProps {
  label: string;
  chatbotId: string;
  chatbots: string[];
  onChatbotChange: (chatbotId: string) => void;
  store: ChatStore;
  snapshot: ChatSnapshot;
  sessionId: number | null;
  settingsVersion: SettingsVersionLookup;
  busy: boolean;
  onSuggestion: (text: string) => void;
  onNewComparison: () => void;
}

function ComparePane({
  label,
  chatbotId,
  chatbots,
  onChatbotChange,
  store,
  snapshot,
  sessionId,
  settingsVersion,
  busy,
  onSuggestion,
  onNewComparison,
}: ComparePaneProps) {
  const settings = useQuery(chatbotDetailQueryOptions(chatbotId));
  const session = sessionId === null ? null : (snapshot.state.sessions.find((candidate) => candidate.id === sessionId) ?? null);
  const retry = useCallback(
    (answer: AssistantMessage) => {
      if (sessionId !== null) store.retry(sessionId, answer, settingsVersion);
    },
    [store, sessionId, settingsVersion],
  );

  return (
    <section className={classes.pane} aria-label={`${label}: ${chatbotId}`} data-testid="compare-pane">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Select
          aria-label={label}
          // A chatbot named only in the URL is offered too, as the header's switcher does.
          data={chatbots.includes(chatbotId) ? chatbots : [chatbotId, ...chatbots]}
          value={chatbotId}
          allowDeselect={false}
          onChange={(value) => {
            if (value && value !== chatbotId) onChatbotChange(value);
          }}
          size="xs"
          w={{ base: 150, sm: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        {session ? (
          <Badge variant="light" size="lg" tt="none" data-testid="compare-session">
            Session #{session.id}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" truncate>
            {snapshot.creatingSession ? 'Opening a session…' : 'No session yet'}
          </Text>
        )}
      </Group>
      {snapshot.createSessionError && (
        <ErrorAlert error={snapshot.createSessionError} title={`No chat session could be opened with ${chatbotId}`} />
      )}
      <Transcript
        chatbotId={chatbotId}
        session={session}
        answerSummaries
        label={`Transcript of ${chatbotId}`}
        emptyHint="Ask a question below: both chatbots answer it, each in a session of its own."
        settings={settings.data ?? undefined}
        settingsPending={settings.isPending}
        suggestionsDisabled={busy}
        onSuggestion={onSuggestion}
        onRetry={retry}
        onNewChat={onNewComparison}
        liveAnswerOf={store.liveAnswerOf}
      />
    </section>
  );
}

export interface CompareViewProps {
  leftBotId: string;
  rightBotId: string;
  /** The chatbots either side may be bound to (the switcher's list). */
  chatbots: string[];
  onLeftChange: (chatbotId: string) => void;
  onRightChange: (chatbotId: string) => void;
  /** The switch that leaves Compare. */
  compareSwitch: ReactNode;
}

/**
 * Two chatbots answering the same questions side by side (stacked below `md`): one composer
 * sends each question to both, each in its own session of its chatbot's chat store, so both
 * answers stream at once and Stop stops both. Keyed by the pair: another pair is another comparison.
 */
export function CompareView({ leftBotId, rightBotId, chatbots, onLeftChange, onRightChange, compareSwitch }: CompareViewProps) {
  const leftStore = chatStoreOf(leftBotId);
  const rightStore = chatStoreOf(rightBotId);
  const left = useChatSnapshot(leftStore);
  const right = useChatSnapshot(rightStore);
  const leftVersion = useSettingsVersionLookup(leftBotId);
  const rightVersion = useSettingsVersionLookup(rightBotId);
  const [sessions, setSessions] = useState<CompareSessions>(() => readCompareSessions(window.sessionStorage, leftBotId, rightBotId));
  const [mode, setMode] = useState<AnswerMode>('stream');

  useEffect(() => {
    writeCompareSessions(window.sessionStorage, leftBotId, rightBotId, sessions);
  }, [leftBotId, rightBotId, sessions]);

  const lanes = useMemo<CompareLane[]>(
    () => [
      { store: leftStore, sessionId: sessions[0], settingsVersion: leftVersion },
      { store: rightStore, sessionId: sessions[1], settingsVersion: rightVersion },
    ],
    [leftStore, rightStore, sessions, leftVersion, rightVersion],
  );
  const busy = isSessionBusy(left, sessions[0]) || isSessionBusy(right, sessions[1]);

  const send = useCallback(
    async (message: OutgoingMessage, onPlaced?: () => void) => {
      await sendToLanes(lanes, message, {
        onPlaced,
        onLaneSession: (index, sessionId) =>
          setSessions((current) => (index === 0 ? [sessionId, current[1]] : [current[0], sessionId])),
      });
    },
    [lanes],
  );
  const stop = useCallback(() => stopLanes(lanes), [lanes]);
  const sendSuggestion = useCallback(
    (text: string) => {
      send({ content: text, attachments: [], mode }).catch(() => {});
    },
    [send, mode],
  );
  const newComparison = useCallback(() => {
    stopLanes(lanes);
    setSessions([null, null]);
  }, [lanes]);
  const started = sessions[0] !== null || sessions[1] !== null;

  return (
    <div className={classes.workspace}>
      <section className={classes.compare} aria-label="Compare chatbots">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2}>Compare</Title>
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconRefresh size={16} />}
              onClick={newComparison}
              disabled={!started}
            >
              New comparison
            </Button>
            {compareSwitch}
          </Group>
        </Group>
        <div className={classes.panes}>
          <ComparePane
            label="First chatbot"
            chatbotId={leftBotId}
            chatbots={chatbots}
            onChatbotChange={onLeftChange}
            store={leftStore}
            snapshot={left}
            sessionId={sessions[0]}
            settingsVersion={leftVersion}
            busy={busy}
            onSuggestion={sendSuggestion}
            onNewComparison={newComparison}
          />
          <ComparePane
            label="Second chatbot"
            chatbotId={rightBotId}
            chatbots={chatbots}
            onChatbotChange={onRightChange}
            store={rightStore}
            snapshot={right}
            sessionId={sessions[1]}
            settingsVersion={rightVersion}
            busy={busy}
            onSuggestion={sendSuggestion}
            onNewComparison={newComparison}
          />
        </div>
        <Composer placeholder="Ask both chatbots" mode={mode} onModeChange={setMode} busy={busy} onSend={send} onStop={stop} />
      </section>
    </div>
  );
}
