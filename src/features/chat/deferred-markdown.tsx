import { Typography } from '@mantine/core';
import { memo, useEffect } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { plainParagraphOf } from './plain-paragraph';

/*
 * The Markdown renderer (markdown-body.tsx, and `marked` with it) is a chunk of its own: an
 * empty chat, what a first visit shows, has no answer to format, and its welcome message is
 * most often one line of prose, which reads the same unformatted. The chat fetches the
 * renderer at an idle moment (`warmUpMarkdownLater`); text that needs it (stored messages, an
 * answer, a welcome message with Markdown in it) fetches it at once and shows as plain text,
 * line breaks kept, until it arrives.
 */

const markdownModule = () => import('./markdown-body');
const Markdown = deferComponent(() => markdownModule().then((module) => module.MarkdownBody));
const GrowingMarkdown = deferComponent(() => markdownModule().then((module) => module.GrowingMarkdownBody));

function loadMarkdown(): Promise<void> {
  return Promise.all([Markdown.load(), GrowingMarkdown.load()]).then(() => undefined);
}

/** Fetches the renderer and warms its parser up (see warmUpMarkdown); for an idle moment. */
export function warmUpMarkdownLater(): void {
  loadMarkdown()
    .then(markdownModule)
    .then((module) => module.warmUpMarkdown())
    // A failed download is tried again by the next text that needs the renderer.
    .catch(() => undefined);
}

/** Whether `text` would look any different formatted: one line of prose does not. */
const needsParser = (text: string) => text.trim() !== '' && plainParagraphOf(text.trim()) === null;

/** Until the renderer arrives: the text as MarkdownBlock shows a block not formatted yet. */
function Unformatted({ text }: { text: string }) {
  return text.trim() !== '' && <p style={{ whiteSpace: 'pre-line' }}>{text.trim()}</p>;
}

function useRendererFor(component: typeof Markdown, text: string): boolean {
  const loaded = component.useLoaded();
  const wanted = !loaded && needsParser(text);
  useEffect(() => {
    if (wanted) void loadMarkdown().catch(() => undefined);
  }, [wanted]);
  return loaded;
}

/** MarkdownText (markdown-text.tsx), its text plain until the renderer has arrived. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const loaded = useRendererFor(Markdown, text);
  return <Typography fz="sm">{loaded ? Markdown.render({ text }) : <Unformatted text={text} />}</Typography>;
});

/** GrowingMarkdownText (markdown-text.tsx), its text plain until the renderer has arrived. */
export const GrowingMarkdownText = memo(function GrowingMarkdownText({ text }: { text: string }) {
  const loaded = useRendererFor(GrowingMarkdown, text);
  return <Typography fz="sm">{loaded ? GrowingMarkdown.render({ text }) : <Unformatted text={text} />}</Typography>;
});
