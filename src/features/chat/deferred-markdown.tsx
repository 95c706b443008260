import { Typography } from '@mantine/core';
import { memo, useEffect } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { isMarkedLoaded, loadMarked } from './marked-lexer';
import { GrowingMarkdownText as GrowingMarkdownTextNow, MarkdownText as MarkdownTextNow, warmUpMarkdown } from './markdown-text';
import { plainParagraphOf } from './plain-paragraph';

/*
 * The Markdown renderer (`marked`, through marked-lexer.ts) is a chunk of its own: an
 * empty chat, what a first visit shows, has no answer to format, and its welcome message is
 * most often one line of prose, which reads the same unformatted. The chat fetches the
 * renderer at an idle moment (`warmUpMarkdownLater`); text that needs it (stored messages, an
 * answer, a welcome message with Markdown in it) fetches it at once and shows as plain text,
 * line breaks kept, until it arrives.
 */

// Its component is the renderer itself, here already: what arrives is the parser it needs.
const Renderer = deferComponent(() => loadMarked().then(() => MarkdownTextNow));

/** Fetches the renderer and warms its parser up (see warmUpMarkdown); for an idle moment. */
export function warmUpMarkdownLater(): void {
  Renderer.load()
    .then(warmUpMarkdown)
    // A failed download is tried again by the next text that needs the renderer.
    .catch(() => undefined);
}

/** Whether `text` would look any different formatted: one line of prose does not. */
const needsParser = (text: string) => text.trim() !== '' && plainParagraphOf(text.trim()) === null;

/** Until the renderer arrives: the text as MarkdownBlock shows a block not formatted yet. */
function Unformatted({ text }: { text: string }) {
  return <Typography fz="sm">{text.trim() !== '' && <p style={{ whiteSpace: 'pre-line' }}>{text.trim()}</p>}</Typography>;
}

/** Whether the renderer can draw `text`; fetches it at once when `text` needs it. */
function useRenderer(text: string): boolean {
  // isMarkedLoaded: `marked` may have come another way (a test loads it first).
  const arrived = Renderer.useLoaded() || isMarkedLoaded();
  const wanted = !arrived && needsParser(text);
  useEffect(() => {
    if (wanted) void Renderer.load().catch(() => undefined);
  }, [wanted]);
  return arrived;
}

/** MarkdownText (markdown-text.tsx), its text plain until the renderer has arrived. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return useRenderer(text) ? <MarkdownTextNow text={text} /> : <Unformatted text={text} />;
});

/** GrowingMarkdownText (markdown-text.tsx), its text plain until the renderer has arrived. */
export const GrowingMarkdownText = memo(function GrowingMarkdownText({ text }: { text: string }) {
  return useRenderer(text) ? <GrowingMarkdownTextNow text={text} /> : <Unformatted text={text} />;
});
