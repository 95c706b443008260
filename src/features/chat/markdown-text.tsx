import { Anchor, Text, Typography } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';

/** Only http(s) addresses survive; anything else (javascript:, data:, relative) becomes ''. */
export function safeHttpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : '';
  } catch {
    return '';
  }
}

const urlTransform: UrlTransform = (url) => safeHttpUrl(url);

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor inherit href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

/**
 * A link whose address was dropped renders as its text. Images are not loaded from
 * whatever address an answer names: they show as a link to open in a new tab.
 */
const components: Components = {
  a: ({ href, children }) => (href ? <ExternalLink href={href}>{children}</ExternalLink> : <span>{children}</span>),
  img: ({ src, alt }) => {
    const label = alt || 'image';
    return typeof src === 'string' && src ? <ExternalLink href={src}>{`[${label}]`}</ExternalLink> : <span>{`[${label}]`}</span>;
  },
};

/**
 * An answer as safe Markdown: raw HTML is shown as the text it is (never rendered, and not
 * dropped either: an answer quoting `<b>` keeps it), links are http(s) only.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <Markdown urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </Typography>
  );
});

/** Plain text as the user typed it: no Markdown, line breaks kept. */
export function PlainText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
