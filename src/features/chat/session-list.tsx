import { ActionIcon, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconDots, IconEraser, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useCallback, useId, useState } from 'react';
import { deferComponent } from '../../app/deferred-component';
import type { SessionMenuProps } from './session-menu';
import { sessionTitle, type ChatSession } from './chat-transcript';
import { confirm } from '../../components/confirm';

/*
 * A session's "…" menu comes in its own chunk: Mantine's Menu brings the popover's
 * positioning (@floating-ui, about 20 KB gzipped with Popover), and a first visit to the chat
 * comes for the transcript and the composer (e2e/first-visit-weight.spec.ts). The button is
 * drawn at once and stays the row's own (the menu anchors on it): the chunk is fetched when
 * the pointer or focus reaches it, at the latest on a press, and the menu opens on arrival.
 */
const sessionMenu = deferComponent<SessionMenuProps>(() => import('./session-menu').then((module) => module.SessionMenu));
const preloadSessionMenu = () => void sessionMenu.load().catch(() => undefined);

interface SessionListProps {
  sessions: ChatSession[];
  activeSessionId: number | null;
  busySessions: ReadonlySet<number>;
  creating: boolean;
  onNewChat: () => void;
  onOpen: (sessionId: number) => void;
  onClear: (sessionId: number) => void;
  onDelete: (sessionId: number) => void;
}

const MAX_SESSION_ID = 2_147_483_647;

/** A typed session id, or the message naming what is wrong with it. */
export function parseSessionId(text: string): { sessionId: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_SESSION_ID) {
    return { error: 'Session ID: must be a whole number such as 1024' };
  }
  return { sessionId: Number(trimmed) };
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function sessionTime(session: ChatSession): number {
  const first = session.messages.find((message) => message.role === 'user');
  return first?.role === 'user' ? first.sentAt : session.createdAt;
}

export function SessionList({ sessions, activeSessionId, busySessions, creating, onNewChat, onOpen, onClear, onDelete }: SessionListProps) {
  return (
    <Stack gap="sm">
      <Button leftSection={<IconPlus size={16} />} onClick={onNewChat} loading={creating}>
        New chat
      </Button>
      <OpenSessionForm onOpen={onOpen} />
      <nav aria-label="Chat sessions">
        {sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sessions with this chatbot in this browser yet.
          </Text>
        ) : (
          // Native scrolling: Mantine's ScrollArea measured the list's layout 10 ms after each
          // change (a new session, the answering spinner), which fell on an answer's first bytes.
          <Box mah="calc(100dvh - 340px)" style={{ overflowY: 'auto' }}>
            <Stack gap={4}>
              {sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  sessionId={session.id}
                  title={sessionTitle(session)}
                  time={sessionTime(session)}
                  active={session.id === activeSessionId}
                  writing={busySessions.has(session.id)}
                  onOpen={onOpen}
                  onClear={onClear}
                  onDelete={onDelete}
                />
              ))}
            </Stack>
          </Box>
        )}
      </nav>
    </Stack>
  );
}

/** Opens a session by the id the user types (one started elsewhere, or before this browser). */
const OpenSessionForm = memo(function OpenSessionForm({ onOpen }: { onOpen: (sessionId: number) => void }) {
  const [typedId, setTypedId] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseSessionId(typedId);
        if ('error' in parsed) {
          setTypedError(parsed.error);
          return;
        }
        setTypedError(null);
        setTypedId('');
        onOpen(parsed.sessionId);
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Continue a session"
          placeholder="Session ID"
          inputMode="numeric"
          size="xs"
          style={{ flex: 1 }}
          value={typedId}
          onChange={(event) => {
            setTypedId(event.currentTarget.value);
            setTypedError(null);
          }}
          error={typedError}
        />
        <Button type="submit" size="xs" variant="default" mt={22}>
          Open
        </Button>
      </Group>
    </form>
  );
});

interface SessionRowProps {
  sessionId: number;
  title: string;
  /** When its first question was asked (or it was opened), in ms. */
  time: number;
  active: boolean;
  /** An answer is being written in it. */
  writing: boolean;
  onOpen: (sessionId: number) => void;
  onClear: (sessionId: number) => void;
  onDelete: (sessionId: number) => void;
}

/**
 * One session of the list, by the values it shows: a question and its answer change the open
 * session, and only its row (if its title or state changed) renders again, not the list.
 */
const SessionRow = memo(function SessionRow({ sessionId, title, time, active, writing, onOpen, onClear, onDelete }: SessionRowProps) {
  return (
    <Paper withBorder={active} bg={active ? 'var(--mantine-color-blue-light)' : undefined} radius="sm" p={4}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <UnstyledButton
          onClick={() => onOpen(sessionId)}
          aria-current={active ? 'true' : undefined}
          // An answer carries on while another session, page or chatbot is open: say where.
          aria-label={`Session #${sessionId}: ${title}${writing ? ' (writing an answer)' : ''}`}
          style={{ flex: 1, minWidth: 0 }}
          p={4}
        >
          <Text size="sm" fw={active ? 600 : 400} lineClamp={2}>
            {title}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              #{sessionId} · {timeFormat.format(time)}
            </Text>
            {writing && (
              <Group gap={4} wrap="nowrap" data-testid="session-writing">
                <Loader size={10} aria-hidden />
                <Text size="xs" fw={600}>
                  Writing…
                </Text>
              </Group>
            )}
          </Group>
        </UnstyledButton>
        <SessionActions sessionId={sessionId} onClear={onClear} onDelete={onDelete} />
      </Group>
    </Paper>
  );
});

/**
 * A session's menu, memoised apart from its row: a question changes the row's title and
 * state, and the menu (a popover with its positioning hooks) need not render again for it.
 */
const SessionActions = memo(function SessionActions({
  sessionId,
  onClear,
  onDelete,
}: Pick<SessionRowProps, 'sessionId' | 'onClear' | 'onDelete'>) {
  function confirmClear() {
    confirm({
      title: `Clear session #${sessionId}?`,
      message: <Text size="sm">Its transcript is removed from this browser. The session itself stays open.</Text>,
      confirmLabel: 'Clear transcript',
      destructive: true,
      onConfirm: () => onClear(sessionId),
    });
  }

  function confirmDelete() {
    confirm({
      title: `Delete session #${sessionId}?`,
      message: <Text size="sm">The session and its transcript are removed from this browser.</Text>,
      confirmLabel: 'Delete session',
      destructive: true,
      onConfirm: () => onDelete(sessionId),
    });
  }

  const id = useId();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [opened, setOpened] = useState(false);
  const [failed, setFailed] = useState(false);
  // Mounted from its first opening on (not before: a long list need not hold a menu per row),
  // and kept, so closing it runs its own focus return to the button.
  const [mounted, setMounted] = useState(false);
  const loaded = sessionMenu.useLoaded();
  const close = useCallback(() => setOpened(false), []);
  const toggle = () => {
    setMounted(true);
    if (loaded) {
      setOpened((current) => !current);
      return;
    }
    setFailed(false);
    sessionMenu.load().then(
      () => setOpened(true),
      () => setFailed(true),
    );
  };

  return (
    <>
      <ActionIcon
        ref={setButton}
        id={id}
        variant="subtle"
        color="gray"
        aria-label={`Actions for session #${sessionId}`}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? `${id}-dropdown` : undefined}
        data-expanded={opened || undefined}
        onClick={toggle}
        onPointerEnter={preloadSessionMenu}
        onFocus={preloadSessionMenu}
      >
        <IconDots size={16} />
      </ActionIcon>
      {failed && (
        <Text size="xs" c="red" role="alert">
          The menu could not be loaded; reload the page to try again.
        </Text>
      )}
      {loaded &&
        button &&
        mounted &&
        sessionMenu.render({
          anchor: button,
          id,
          opened,
          onClose: close,
          items: [
            { label: 'Clear transcript', icon: <IconEraser size={14} />, onClick: confirmClear },
            { label: 'Delete session', icon: <IconTrash size={14} />, color: 'red', onClick: confirmDelete },
          ],
        })}
    </>
  );
});
