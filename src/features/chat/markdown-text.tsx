import { Anchor, Text, Typography } from '@mantine/core';
import { memo, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import { plainParagraphOf } from './plain-paragraph';

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

function SafeMarkdown({ text }: { text: string }) {
  return (
    <Markdown urlTransform={urlTransform} components={components}>
      {text}
    </Markdown>
  );
}

/**
 * An answer as safe Markdown: raw HTML is shown as the text it is (never rendered, and not
 * dropped either: an answer quoting `<b>` keeps it), links are http(s) only.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <SafeMarkdown text={text} />
    </Typography>
  );
});

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLANK = /^[ \t]*$/;
/** A line that may continue the block above it across a blank line: indented, or a list item. */
const CONTINUES_ABOVE = /^(?:[ \t]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;
/** A link reference definition may be used in any block, so its text is not split. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/** The regular expression tries every line; most texts have no `]:` at all, found natively at once. */
function hasReferenceDefinition(text: string): boolean {
  return text.includes(']:') && REFERENCE_DEFINITION.test(text);
}

/**
 * Markdown cut into top-level blocks that render the same apart as together: cuts fall only
 * at a blank line outside fenced code, before a line that starts flush left and is not a
 * list item (which could belong to a loose list above). Joined back, the blocks are `text`.
 */
export function splitMarkdownBlocks(text: string): string[] {
  if (hasReferenceDefinition(text)) return [text];
  const blocks: string[] = [];
  let blockStart = 0;
  let fence: string | null = null;
  let afterBlank = false;
  for (let lineStart = 0; lineStart < text.length; ) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (fence !== null) {
      const closing = FENCE.exec(line)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length && BLANK.test(line.slice(line.indexOf(closing) + closing.length))) {
        fence = null;
      }
    } else if (BLANK.test(line)) {
      afterBlank = true;
    } else {
      if (afterBlank && lineStart > blockStart && !CONTINUES_ABOVE.test(line)) {
        blocks.push(text.slice(blockStart, lineStart));
        blockStart = lineStart;
      }
      afterBlank = false;
      fence = FENCE.exec(line)?.[1] ?? null;
    }
    lineStart = lineEnd + 1;
  }
  if (blockStart < text.length || blocks.length === 0) blocks.push(text.slice(blockStart));
  return blocks;
}

/** Blocks at the end that are cut again when the text grows (see createBlockSplitter). */
const BLOCKS_CUT_AGAIN = 2;

/**
 * splitMarkdownBlocks for a text that grows at its end: only its last blocks are cut again,
 * and the blocks before keep the very strings they had, so comparing and looking them up
 * costs nothing however long the answer gets. A cut depends only on the lines up to it and is
 * never made inside fenced code, so cutting again from the start of a block gives what the
 * whole text would; but the cut before the last block may have been decided on its line's
 * first characters alone ("1" before it grows into "1. "), so that block and the one before
 * it are both cut again.
 */
export function createBlockSplitter(): (text: string) => string[] {
  let lastText = '';
  let lastBlocks: string[] = [];
  return (text) => {
    if (text === lastText) return lastBlocks;
    const kept = lastBlocks.length - BLOCKS_CUT_AGAIN;
    const grew = kept > 0 && text.startsWith(lastText) && !hasReferenceDefinition(text);
    if (grew) {
      const keptBlocks = lastBlocks.slice(0, kept);
      const keptLength = keptBlocks.reduce((length, block) => length + block.length, 0);
      lastBlocks = keptBlocks.concat(splitMarkdownBlocks(text.slice(keptLength)));
    } else {
      lastBlocks = splitMarkdownBlocks(text);
    }
    lastText = text;
    return lastBlocks;
  };
}

/**
 * A short answer made of what answers hold: paragraphs, a list of links in strong text,
 * emphasis and code. See warmUpMarkdown.
 */
const WARM_UP_SAMPLE = [
  'I found 2 available homes for rent in Austin:',
  '',
  '- **[12 Oak Street, Austin](https://example.com/homes/12-oak)**: $2,400/mo · 3 bd · 2 ba · 1,500 sqft · House. A *quiet* street.',
  '- **[9 Elm Road, Austin](https://example.com/homes/9-elm)**: $1,900/mo · 2 bd · 1 ba · `pets allowed`.',
  '',
  'Would you like more details on any of these, or to book a viewing?',
].join('\n');
let warmedUp = false;

/**
 * Parses a sample answer once, for the page to call when it is idle. The first parse of a
 * visit runs the Markdown parser's code cold (before the JavaScript engine has compiled it):
 * an answer's first network chunk, a list of listings, then took about 25 ms to show instead
 * of 5, long enough to drop frames and hold the first words back by two frames.
 */
export function warmUpMarkdown(): void {
  if (warmedUp) return;
  warmedUp = true;
  Markdown({ children: WARM_UP_SAMPLE, urlTransform, components });
}

/** Parsed blocks by their text: a block parsed once is never parsed again, whichever render asks. */
const parsedBlocks = new Map<string, ReactElement>();
const PARSED_BLOCKS_KEPT = 2000;

function parseBlock(text: string): ReactElement {
  let element = parsedBlocks.get(text);
  if (element) return element;
  const plain = plainParagraphOf(text);
  // `Markdown` is a plain function of its props (no hooks), so its result can be kept.
  element = plain === null ? Markdown({ children: text, urlTransform, components }) : <p>{plain}</p>;
  if (parsedBlocks.size >= PARSED_BLOCKS_KEPT) parsedBlocks.delete(parsedBlocks.keys().next().value!);
  parsedBlocks.set(text, element);
  return element;
}

/**
 * How long one render may spend parsing Markdown. A whole answer can arrive in one network
 * chunk; parsing all of it at once would hold the page up for a long task, so the blocks
 * that do not fit show as plain text and are formatted over the next frames.
 */
const PARSE_BUDGET_MS = 4;
/**
 * Parsed whatever the budget: an answer arriving at a normal pace changes at most its last
 * two blocks per render (the one just finished and the new tail), so it never shows plain.
 */
const ALWAYS_PARSED = 2;

/**
 * The blocks parsed within PARSE_BUDGET_MS, the last first; `undefined` for those left for
 * a later round. Parsing is cached, so doing it during render stays idempotent.
 */
function parseWithinBudget(blocks: readonly string[]): { parsed: (ReactElement | undefined)[]; waiting: boolean } {
  const parsed = blocks.map((block) => parsedBlocks.get(block));
  const deadline = performance.now() + PARSE_BUDGET_MS;
  let waiting = false;
  let parsedNow = 0;
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    if (parsed[index]) continue;
    if (parsedNow < ALWAYS_PARSED || performance.now() < deadline) {
      parsed[index] = parseBlock(blocks[index]!);
      parsedNow += 1;
    } else {
      waiting = true;
    }
  }
  return { parsed, waiting };
}

/** A block parsed, or its text as is while it waits for its turn (line breaks kept). */
const MarkdownBlock = memo(function MarkdownBlock({ text, parsed }: { text: string; parsed: ReactElement | undefined }) {
  return parsed ?? <p style={{ whiteSpace: 'pre-line' }}>{text.trim()}</p>;
});

/**
 * Markdown that grows at its end, like a streaming answer: rendered block by block, each
 * block parsed once and memoised, so a new fragment re-parses only the last block instead
 * of the whole answer. Parsing per render is time-boxed, the end of the text first (where a
 * reader following the answer looks); what is left is formatted one round per frame. Once
 * formatted, it looks the same as `MarkdownText` of the same text.
 */
export const GrowingMarkdownText = memo(function GrowingMarkdownText({ text }: { text: string }) {
  const [, nextRound] = useState(0);
  const [splitBlocks] = useState(createBlockSplitter);
  const blocks = splitBlocks(text);
  const { parsed, waiting } = parseWithinBudget(blocks);

  useEffect(() => {
    if (!waiting) return;
    const frame = requestAnimationFrame(() => nextRound((round) => round + 1));
    return () => cancelAnimationFrame(frame);
  });

  return (
    <Typography fz="sm">
      {blocks.map((block, index) => (
        // Blocks only ever grow at the end, so a block's index is its identity.
        <MarkdownBlock key={index} text={block} parsed={parsed[index]} />
      ))}
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
