import { Badge, Group, Paper, Text } from '@mantine/core';
import { memo } from 'react';
import { KIND_ICONS } from './attachment-list';
import type { BubbleColors } from './bubble-colors';
import type { UserMessage } from './chat-transcript';
import { PlainText } from './plain-text';

/**
 * The time a question was sent, as hours and minutes. Made once: toLocaleTimeString with
 * options builds a new formatter on every call.
 */
const sentTimeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The question as the user sent it, in the chatbot's user-message colour. */
export const UserMessageView = memo(function UserMessageView({
  message,
  colors,
}: {
  message: UserMessage;
  colors: BubbleColors | null;
}) {
  return (
    <Paper
      component="article"
      aria-label="Your message"
      data-testid="user-message"
      withBorder
      p="sm"
      radius="md"
      maw="85%"
      bg={colors?.background ?? 'var(--mantine-color-blue-light)'}
      c={colors?.color}
      style={{ alignSelf: 'flex-end' }}
    >
      {message.content && <PlainText text={message.content} />}
      {message.attachments.length > 0 && (
        <Group gap={4} mt={message.content ? 6 : 0}>
          {message.attachments.map((attachment) => {
            const Icon = KIND_ICONS[attachment.kind];
            return (
              <Badge key={attachment.fileId} variant="white" color="dark" leftSection={<Icon size={12} />} tt="none">
                {attachment.name}
              </Badge>
            );
          })}
        </Group>
      )}
      <Text size="xs" opacity={0.7} mt={4} ta="right">
        {sentTimeFormat.format(message.sentAt)}
      </Text>
    </Paper>
  );
});
