import { Typography } from '@mantine/core';
import { memo, startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBlockSplitter, splitMarkdownBlocks } from './markdown-blocks';
import { markdownElements } from './markdown-elements';
import { plainParagraphOf } from './plain-paragraph';

/**
 * An answer as safe Markdown: raw HTML is shown as the text it is (never rendered, and not
 * dropped either: an answer quoting `<b>` keeps it), links are http(s) only.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm">{markdownElements(text)}</Typography>
  );
});

/** A short answer made of what answers hold: paragraphs, a list in strong text, emphasis, code and a link. */
const WARM_UP_SAMPLE = [
  'I found 2 available homes for rent in Austin:',
  '',
  '- **12 Oak Street, Austin**: $2,400/mo · 3 bd · 2 ba · 1,500 sqft · House. A *quiet* street.',
  '- **[9 Elm Road, Austin](https://example.com/homes/9)**: $1,900/mo · 2 bd · 1 ba · `pets allowed`.',
  '',
  'Would you like more details on any of these, or to book a viewing?',
].join('\n');
let warmedUp = false;

/**
 * Renders a sample answer once, off screen, for the page to call when it is idle. The first
 * parse of a visit runs the lexer's and the renderer's code cold (before the
 * JavaScript engine has compiled it): an answer's first network chunk, a list of listings,
 * then took about 25 ms to show instead of 5, long enough to drop frames.
 */
export function warmUpMarkdown(): void {
  if (warmedUp) return;
  warmedUp = true;
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(<MarkdownBlocks blocks={splitMarkdownBlocks(WARM_UP_SAMPLE)} formattedLength={WARM_UP_SAMPLE.length} />));
  root.unmount();
}

/**
 * One block of an answer, rendered again only when its text changes (or it gets its turn to
 * be formatted). Until then it shows its text as is, line breaks kept, every character there.
 * One line of plain prose, most of a chatbot's answer, needs no Markdown parser.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, formatted }: { text: string; formatted: boolean }) {
  if (text.trim() === '') return null;
  if (!formatted) return <p style={{ whiteSpace: 'pre-line' }}>{text.trim()}</p>;
  // Followed by a line break, as markdownElements writes blocks.
  const plain = plainParagraphOf(text);
  return plain === null ? markdownElements(text) : [<p key="block">{plain}</p>, '\n'];
});

/**
 * Formatted whatever comes: an answer arriving at a normal pace changes at most its last two
 * blocks per render (the one just finished and the new tail), so it never shows plain.
 */
const ALWAYS_FORMATTED = 2;

/**
 * `blocks` in order; formatted are those ending within the first `formattedLength` characters,
 * the last ones, and every line of plain prose, which needs no parser and so no round: laid
 * out as text first and again formatted, it would only cost the page a second layout.
 */
function MarkdownBlocks({ blocks, formattedLength }: { blocks: readonly string[]; formattedLength: number }) {
  let end = 0;
  return blocks.map((block, index) => {
    end += block.length;
    const formatted = end <= formattedLength || index >= blocks.length - ALWAYS_FORMATTED || plainParagraphOf(block) !== null;
    // Blocks only ever grow at the end, so a block's index is its identity.
    return <MarkdownBlock key={index} text={block} formatted={formatted} />;
  });
}

/**
 * How much Markdown one round formats: about 4,000 characters (a screenful) parse, commit
 * and lay out within a frame; a whole long answer at once held the page for 100-280 ms.
 */
const ROUND_CHARACTERS = 4000;

/**
 * The end of the blocks that the round after `formattedLength` formats: at least one block
 * that needs the parser, and ROUND_CHARACTERS of them at most (plain prose is not counted:
 * it is formatted already). `formattedLength` itself when no block after it needs the
 * parser: then there is no round.
 */
function roundEnd(blocks: readonly string[], formattedLength: number): number {
  let end = 0;
  let parsed = 0;
  let round = formattedLength;
  for (const block of blocks) {
    const blockEnd = end + block.length;
    if (blockEnd > formattedLength) {
      if (parsed >= ROUND_CHARACTERS) break;
      if (plainParagraphOf(block) === null) {
        parsed += block.length;
        round = blockEnd;
      }
    }
    end = blockEnd;
  }
  return round;
}

/**
 * Markdown that grows at its end, like a streaming answer: cut into blocks (see
 * createBlockSplitter), each a memoised component, so a new fragment parses only the last
 * blocks instead of the whole answer. A chunk can bring a whole answer at once; formatting
 * all of it in one render would hold the page up for a long task, so the new blocks before
 * the last two that need the parser show as plain text first and are formatted a round of
 * ROUND_CHARACTERS per frame, each round a transition React may interrupt. Once formatted, it
 * looks the same as `MarkdownText` of the same text.
 */
export const GrowingMarkdownText = memo(function GrowingMarkdownText({ text }: { text: string }) {
  const [splitBlocks] = useState(createBlockSplitter);
  const blocks = splitBlocks(text);
  // The text formatted so far; a text that is not its continuation starts again.
  const [formatted, setFormatted] = useState('');
  const formattedLength = text.startsWith(formatted) ? formatted.length : 0;
  const nextEnd = roundEnd(blocks, formattedLength);

  useEffect(() => {
    if (nextEnd <= formattedLength) return;
    const frame = requestAnimationFrame(() => startTransition(() => setFormatted(text.slice(0, nextEnd))));
    return () => cancelAnimationFrame(frame);
  }, [text, nextEnd, formattedLength]);

  return (
    <Typography fz="sm">
      <MarkdownBlocks blocks={blocks} formattedLength={formattedLength} />
    </Typography>
  );
});
