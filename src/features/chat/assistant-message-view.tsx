import { Alert, Badge, Box, Button, Code, CopyButton, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCode, IconCopy, IconInfoCircle, IconPlayerStop } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { formatDuration } from './answer-figures';
import { AnswerSettingsVersion } from './answer-settings-version';
import type { AskFailure, AssistantMessage } from './chat-transcript';
import { canRetry } from './describe-ask-failure';
import { LazyAnswerDetails } from './lazy-answer-details';
import { useLiveText, type LiveAnswer } from './live-answer';
import { GrowingMarkdownText } from './deferred-markdown';

function failureTitle(failure: AskFailure): string {
  switch (failure.kind) {
    case 'interrupted':
      return 'The connection dropped';
    case 'incomplete':
      return 'The answer was cut off';
    case 'stalled':
      return 'The service stopped answering';
    case 'malformed':
      return 'The answer arrived malformed';
    case 'offline':
      return 'The service could not be reached';
    case 'rate-limited':
      return 'Rate limit reached';
    case 'session-missing':
      return 'This session no longer exists';
    case 'service':
      return failure.status ? `The service refused the question (${failure.status})` : 'The service refused the question';
  }
}

/** Failures that cut an answer short, as opposed to refusing the question. */
const INTERRUPTIONS = new Set<AskFailure['kind']>(['interrupted', 'incomplete', 'stalled', 'malformed']);

function StatusBadge({ message }: { message: AssistantMessage }) {
  if (message.status === 'streaming') {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={12} type="dots" />
        <Text size="xs" c="dimmed">
          Writing…
        </Text>
      </Group>
    );
  }
  if (message.status === 'stopped') {
    return (
      <Badge color="gray" variant="light" leftSection={<IconPlayerStop size={12} />}>
        Stopped
      </Badge>
    );
  }
  if (message.status === 'failed') {
    return (
      <Badge color={message.failure?.kind === 'rate-limited' ? 'yellow' : 'red'} variant="light">
        {message.failure && INTERRUPTIONS.has(message.failure.kind) ? 'Interrupted' : 'Failed'}
      </Badge>
    );
  }
  return null;
}

interface AnswerTextProps {
  /** While the answer streams: its text so far, which re-renders only this part. */
  live: LiveAnswer | undefined;
  content: string;
  settled: boolean;
  showSource: boolean;
}

/**
 * The answer's text, live or settled, always in the same place and the same component, so
 * the blocks rendered while it streamed are reused when it settles rather than parsed anew.
 */
const AnswerText = memo(function AnswerText({ live, content, settled, showSource }: AnswerTextProps) {
  const liveText = useLiveText(live);
  const text = live ? liveText : content;
  if (text && showSource) {
    return (
      <Code block data-testid="answer-source" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Code>
    );
  }
  if (text) return <GrowingMarkdownText text={text} />;
  return settled ? (
    <Text size="sm" c="dimmed" fs="italic">
      (no text)
    </Text>
  ) : null;
});

/** The figures two answers are compared by, on one line under each (Compare). */
function AnswerSummary({ message, sessionId, chatbotId }: { message: AssistantMessage; sessionId: number; chatbotId: string }) {
  const figures = [
    `${message.totalToken ?? '—'} tokens`,
    ...(message.mode === 'stream' ? [`first fragment ${formatDuration(message.firstFragmentMs)}`] : []),
    `total ${formatDuration(message.totalMs)}`,
    `session #${sessionId}`,
  ];
  return (
    <Group gap={6} mt={6} wrap="wrap" data-testid="answer-summary">
      <Text size="xs" c="dimmed">
        {figures.join(' · ')}
      </Text>
      {message.settingsVersion !== undefined && <AnswerSettingsVersion chatbotId={chatbotId} version={message.settingsVersion} />}
    </Group>
  );
}

interface AssistantMessageViewProps {
  message: AssistantMessage;
  /** The chatbot and session the answer came from. */
  chatbotId: string;
  sessionId: number;
  /** Its figures on a line of their own, not only in its details (Compare). */
  showSummary?: boolean;
  /** The text of the answer while it streams. */
  live?: LiveAnswer;
  accentColor?: string;
  onRetry: (message: AssistantMessage) => void;
  onNewChat: () => void;
}

/** One answer: its text as it arrives, how it ended, and its ids and timings on demand. */
export const AssistantMessageView = memo(function AssistantMessageView({
  message,
  chatbotId,
  sessionId,
  showSummary = false,
  live,
  accentColor,
  onRetry,
  onNewChat,
}: AssistantMessageViewProps) {
  const [showDetails, setShowDetails] = useState(false);
  // The text exactly as the bot sent it, Markdown unrendered: what an agent checks formatting against.
  const [showSource, setShowSource] = useState(false);
  const { failure } = message;
  const settled = message.status !== 'streaming';

  return (
    <Paper
      component="article"
      aria-label="Assistant message"
      aria-busy={!settled}
      data-testid="assistant-message"
      data-status={message.status}
      withBorder
      p="sm"
      radius="md"
      maw="85%"
      style={{ alignSelf: 'flex-start', borderLeft: `4px solid ${accentColor ?? 'var(--mantine-color-blue-filled)'}` }}
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed">
          Assistant
        </Text>
        <Group gap={6} wrap="nowrap">
          {message.noAnswer && (
            <Badge color="yellow" variant="light">
              No answer
            </Badge>
          )}
          <StatusBadge message={message} />
        </Group>
      </Group>

      <Box data-testid="answer-text">
        <AnswerText live={settled ? undefined : live} content={message.content} settled={settled} showSource={showSource && settled} />
      </Box>

      {failure && (
        <Alert
          mt="xs"
          color={failure.kind === 'rate-limited' ? 'yellow' : failure.kind === 'offline' ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={failureTitle(failure)}
          role="alert"
        >
          <Text size="sm">{failure.message}</Text>
          {failure.kind === 'session-missing' && (
            <Text size="sm" mt={4}>
              Sessions can expire or be typed wrong; a new chat starts a fresh one.
            </Text>
          )}
          <Group gap="xs" mt="xs">
            {canRetry(failure) && (
              <Button size="xs" variant="white" onClick={() => onRetry(message)}>
                Retry
              </Button>
            )}
            {failure.kind === 'session-missing' && (
              <Button size="xs" variant="white" onClick={onNewChat}>
                Start a new chat
              </Button>
            )}
          </Group>
        </Alert>
      )}

      {settled && showSummary && <AnswerSummary message={message} sessionId={sessionId} chatbotId={chatbotId} />}

      {settled && (
        <Group gap={4} mt={6}>
          <CopyButton value={message.content}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                disabled={!message.content}
              >
                {copied ? 'Copied' : 'Copy answer'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="compact-xs"
            variant={showSource ? 'light' : 'subtle'}
            color="gray"
            leftSection={<IconCode size={14} />}
            aria-pressed={showSource}
            onClick={() => setShowSource((shown) => !shown)}
            disabled={!message.content}
          >
            Markdown source
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconInfoCircle size={14} />}
            aria-expanded={showDetails}
            onClick={() => setShowDetails((open) => !open)}
          >
            {showDetails ? 'Hide details' : 'Details'}
          </Button>
        </Group>
      )}
      {/* Only once settled: a streaming answer has no details to open. */}
      {settled && <LazyAnswerDetails message={message} chatbotId={chatbotId} sessionId={sessionId} expanded={showDetails} />}
    </Paper>
  );
});
