import { newLexer } from './marked-lexer';

/**
 * The dialect the chat renders, cut into blocks and rendered (markdown-elements.tsx) alike:
 * CommonMark, without GitHub's extensions (an answer's table shows as the text it is).
 */
export const MARKDOWN_DIALECT = { gfm: false } as const;

/** The end of a block: one or more blank lines (a heading or a fence may hold its own). */
const ENDS_WITH_BLANK_LINE = /\n[ \t]*\n[ \t]*$/;

/**
 * Markdown cut into blocks that render the same apart as together, by `marked`'s lexer (the
 * AI SDK's "memoized markdown" recipe), the renderer's too. Cuts fall only after blank lines
 * that end one of the lexer's top-level tokens: tokens with no blank line between them stay
 * together (a line can continue the paragraph above it). Joined back, the blocks are `text`.
 * A text with link reference definitions stays whole, since any block may use them.
 */
export function splitMarkdownBlocks(text: string): string[] {
  // The lexer's rules expect "\n" line ends (its `lex` rewrites "\r\n" first); rare in answers.
  if (text.includes('\r')) return [text];
  // Block tokens only: the inline ones (two thirds of the lexer's time) are not needed here.
  const lexer = newLexer(MARKDOWN_DIALECT);
  const tokens = lexer.blockTokens(text);
  if (tokens.some((token) => token.type === 'def') || Object.keys(lexer.tokens.links).length > 0) return [text];
  const blocks: string[] = [];
  let start = 0;
  let end = 0;
  /** Leading blank lines are not a block of their own. */
  let seenContent = false;
  tokens.forEach((token, index) => {
    seenContent ||= token.type !== 'space';
    // By length: `raw` may differ from the text in its blanks (a list item's trailing spaces).
    end += token.raw.length;
    const endsBlock = token.type === 'space' || ENDS_WITH_BLANK_LINE.test(token.raw);
    if (endsBlock && seenContent && index < tokens.length - 1) {
      blocks.push(text.slice(start, end));
      start = end;
    }
  });
  // Should the tokens not measure the text, it is not cut.
  if (end !== text.length) return [text];
  if (start < end || blocks.length === 0) blocks.push(text.slice(start));
  return blocks;
}

/** Blocks at the end that are cut again when the text grows (see createBlockSplitter). */
const BLOCKS_CUT_AGAIN = 2;

/**
 * splitMarkdownBlocks for a text that grows at its end, like a streaming answer: only its
 * last blocks are lexed again, and the blocks before keep the very strings they had, so a
 * frame's work does not grow with the answer and memoised blocks compare in no time. A block
 * that ended with blank lines can still be continued by what comes next (a loose list's next
 * item, an indented line), so the last two blocks, not just the last, are cut again.
 */
export function createBlockSplitter(): (text: string) => string[] {
  let lastText = '';
  let lastBlocks: string[] = [];
  return (text) => {
    if (text === lastText) return lastBlocks;
    const kept = lastBlocks.length - BLOCKS_CUT_AGAIN;
    // A definition arriving later would change how earlier blocks read: start again then.
    const grew = kept > 0 && text.startsWith(lastText) && !text.includes(']:');
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
