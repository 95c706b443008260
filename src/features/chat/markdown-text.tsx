import { Typography } from '@mantine/core';
import { memo } from 'react';
import { GrowingMarkdownBody, MarkdownBody } from './markdown-body';

export { warmUpMarkdown } from './markdown-body';

/** An answer as safe Markdown (see MarkdownBody), in the chat's type. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <MarkdownBody text={text} />
    </Typography>
  );
});

/** Markdown that grows at its end, like a streaming answer (see GrowingMarkdownBody), in the chat's type. */
export const GrowingMarkdownText = memo(function GrowingMarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <GrowingMarkdownBody text={text} />
    </Typography>
  );
});
