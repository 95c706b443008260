import { Avatar, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconMessageChatbot } from '@tabler/icons-react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatbotDetail } from '../../api/contract';
import { AssistantMessageView } from './assistant-message-view';
import { bubbleColors } from './bubble-colors';
import type { AssistantMessage, ChatMessage, ChatSession } from './chat-transcript';
import type { LiveAnswer } from './live-answer';
import { MarkdownText } from './deferred-markdown';
import { UserMessageView } from './user-message-view';
import { suggestedMessagesToList } from '../../lib/setting-lists';

/** Within this many pixels of the end, the view counts as following the answer. */
const FOLLOW_THRESHOLD_PX = 48;
const NO_MESSAGES: ChatMessage[] = [];

interface TranscriptProps {
  chatbotId: string;
  session: ChatSession | null;
  /** Each answer's figures on a line under it (Compare). */
  answerSummaries?: boolean;
  /** The log's accessible name: several transcripts on one page need their own. */
  label?: string;
  /** What to do first, while there is no session. */
  emptyHint?: string;
  settings: ChatbotDetail | undefined;
  /**
   * The settings are still on their way: the empty conversation's hint waits for them, so the
   * welcome message, which comes first, does not push it down as it arrives.
   */
  settingsPending: boolean;
  suggestionsDisabled: boolean;
  onSuggestion: (text: string) => void;
  onRetry: (message: AssistantMessage) => void;
  onNewChat: () => void;
  /** The live text of an answer that is streaming. */
  liveAnswerOf: (messageId: string) => LiveAnswer | undefined;
}

/** The chatbot's greeting, first in every transcript: memoised, as it changes only with the settings. */
const WelcomeMessage = memo(function WelcomeMessage({ text, accent }: { text: string; accent: string | undefined }) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid="welcome-message">
      <Avatar size="sm" color="blue" style={accent ? { background: accent } : undefined} aria-hidden>
        <IconMessageChatbot size={16} color={accent ? bubbleColors(accent)?.color : undefined} />
      </Avatar>
      <Paper withBorder p="sm" radius="md" maw="85%">
        <MarkdownText text={text} />
      </Paper>
    </Group>
  );
});

/**
 * The conversation as a new visitor would see it: the welcome message and suggestions
 * first, then the questions and answers. Follows the end as answers grow, unless the
 * user has scrolled up to read.
 */
export function Transcript({
  chatbotId,
  session,
  answerSummaries = false,
  label = 'Transcript',
  emptyHint = 'Write a message to start a chat; it opens a new session.',
  settings,
  settingsPending,
  suggestionsDisabled,
  onSuggestion,
  onRetry,
  onNewChat,
  liveAnswerOf,
}: TranscriptProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastSeen = useRef<{ sessionId: number | null; count: number }>({ sessionId: null, count: 0 });
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  /** awayFromEnd as last rendered, for the resize observer, which outlives renders. */
  const shownAway = useRef(false);
  useEffect(() => {
    shownAway.current = awayFromEnd;
  }, [awayFromEnd]);
  /** The last scroll was the resize observer's, following the end. */
  const ownScroll = useRef(false);
  /** A question was just sent: the growth it brings is followed wherever the reader was. */
  const showEndOnGrowth = useRef(false);
  const messages = session?.messages ?? NO_MESSAGES;
  // The same object while the setting is the same, so the memoised questions do not render again.
  const userColors = useMemo(() => bubbleColors(settings?.UserMessageColor), [settings?.UserMessageColor]);
  const accent = bubbleColors(settings?.ChatBubbleColor)?.background;
  const suggestions = messages.length === 0 ? suggestedMessagesToList(settings?.SuggestedMessage ?? '') : [];

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const sessionId = session?.id ?? null;
    const previous = lastSeen.current;
    // Only a new session or new messages can need this; an answer that grows or settles is
    // followed by the observer below.
    if (previous.sessionId === sessionId && previous.count === messages.length) return;
    lastSeen.current = { sessionId, count: messages.length };
    if (previous.sessionId !== sessionId) {
      // Opening a session shows its end at once (its height may even be the last one's).
      following.current = true;
      element.scrollTop = element.scrollHeight;
      return;
    }
    // Sending a question shows the end, wherever the reader was. The question and its answer
    // make the transcript grow, and the observer below scrolls after the browser's own
    // layout: reading the height here would force a layout in the render that sends.
    if (messages.slice(previous.count).some((message) => message.role === 'user')) {
      following.current = true;
      showEndOnGrowth.current = true;
    }
  }, [messages, session?.id]);

  // A streaming answer grows without this component rendering. Its growth is seen after the
  // browser's own layout, where reading the scroll position costs nothing: the view follows
  // when it was at the end before this growth, whatever scrolling came in between.
  useEffect(() => {
    const element = viewport.current;
    const inner = content.current;
    if (!element || !inner) return;
    // Unknown until the observer's first call, which comes after the browser has laid the
    // transcript out: read here, the height would force that layout inside the task that
    // mounts the page (about 20 ms of CPU on a first visit, traced), and again after it.
    // That first call counts the whole height as growth, so a view that follows stays at the end.
    let lastHeight: number | undefined;
    const observer = new ResizeObserver(() => {
      const height = element.scrollHeight;
      const grown = lastHeight === undefined ? height : Math.max(0, height - lastHeight);
      lastHeight = height;
      const fromEnd = height - element.scrollTop - element.clientHeight;
      const showEnd = showEndOnGrowth.current;
      showEndOnGrowth.current = false;
      following.current = showEnd || (following.current && fromEnd - grown <= FOLLOW_THRESHOLD_PX);
      if (showEnd && shownAway.current) setAwayFromEnd(false);
      if (!following.current) {
        // Not once per frame while the user reads above a growing answer: that would
        // render the whole transcript in each of those frames.
        if (!shownAway.current) setAwayFromEnd(true);
        return;
      }
      const before = element.scrollTop;
      element.scrollTop = height;
      // Its scroll event need not read the layout again (see onScroll).
      if (element.scrollTop !== before) ownScroll.current = true;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  function onScroll() {
    const element = viewport.current;
    if (!element) return;
    // The observer's own scroll, one per frame while an answer grows: reading the layout
    // here would force it in each of those frames. Were the user's scroll folded into the
    // same event, the observer sees it at the next growth.
    if (ownScroll.current) {
      ownScroll.current = false;
      return;
    }
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_THRESHOLD_PX;
    following.current = atEnd;
    if (atEnd === awayFromEnd) setAwayFromEnd(!atEnd);
  }

  function jumpToEnd() {
    const element = viewport.current;
    if (!element) return;
    following.current = true;
    element.scrollTo({ top: element.scrollHeight });
    setAwayFromEnd(false);
  }

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={viewport}
        onScroll={onScroll}
        role="log"
        aria-label={label}
        tabIndex={0}
        h="100%"
        p="xs"
        // Its size comes from the page around it, never from the messages: a growing answer
        // then lays out only what is inside, not the page up to the root.
        style={{ overflowY: 'auto', contain: 'strict' }}
      >
        <Stack ref={content} gap="sm">
          {settings?.WelcomeMessage && <WelcomeMessage text={settings.WelcomeMessage} accent={accent} />}
          {suggestions.length > 0 && (
            <Group gap="xs" role="group" aria-label="Suggested messages">
              {suggestions.map((suggestion) => (
                <Button
                  key={suggestion}
                  variant="light"
                  radius="xl"
                  size="xs"
                  disabled={suggestionsDisabled}
                  onClick={() => onSuggestion(suggestion)}
                >
                  {suggestion}
                </Button>
              ))}
            </Group>
          )}
          {messages.length === 0 && !(settingsPending && !session) && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {session ? 'No messages in this session yet.' : emptyHint}
            </Text>
          )}
          {session &&
            messages.map((message) =>
              message.role === 'user' ? (
                <UserMessageView key={message.id} message={message} colors={userColors} />
              ) : (
                <AssistantMessageView
                  key={message.id}
                  message={message}
                  chatbotId={chatbotId}
                  sessionId={session.id}
                  showSummary={answerSummaries}
                  live={message.status === 'streaming' ? liveAnswerOf(message.id) : undefined}
                  accentColor={accent}
                  onRetry={onRetry}
                  onNewChat={onNewChat}
                />
              ),
            )}
        </Stack>
      </Box>
      {awayFromEnd && (
        <Button
          pos="absolute"
          bottom={8}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          size="xs"
          radius="xl"
          variant="default"
          leftSection={<IconArrowDown size={14} />}
          onClick={jumpToEnd}
        >
          Jump to latest
        </Button>
      )}
    </Box>
  );
}
