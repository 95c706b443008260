import { Text } from '@mantine/core';

/** Plain text as the user typed it: no Markdown, line breaks kept. */
export function PlainText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
