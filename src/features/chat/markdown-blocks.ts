import { Lexer, type Token } from 'marked';

/**
 * The dialect the chat renders: react-markdown with no plugins is CommonMark, so `marked`
 * must not read GitHub's extensions (a table line would otherwise end a paragraph that
 * CommonMark continues).
 */
const LEXER_OPTIONS = { gfm: false } as const;

/** The end of a block: one or more blank lines (a heading or a fence may hold its own). */
const ENDS_WITH_BLANK_LINE = /\n[ \t]*\n[ \t]*$/;

const isIndentedCode = (token: Token) => token.type === 'code' && token.codeBlockStyle === 'indented';

/**
 * Whether two tokens with blank lines between them must stay in one block, because
 * react-markdown's parser reads them differently apart. Raw HTML shows as text outside any
 * paragraph: two such texts apart would lose the line break (a space on screen) between them.
 * micromark reads a bare list marker after indented code as a paragraph ("    code\n\n-" is
 * <p>-</p>), and alone keeps a last line of blanks in indented code. Lists of one kind
 * separated by blank lines are one loose list, which `marked` does not always see (after an
 * empty item).
 */
function staysTogether(before: Token, after: Token): boolean {
  return before.type === 'html' || isIndentedCode(before) || isIndentedCode(after) || (before.type === 'list' && after.type === 'list');
}

/**
 * Markdown cut into blocks that render the same apart as together, by `marked`'s lexer (the
 * AI SDK's "memoized markdown" recipe). Cuts fall only after blank lines that end one of the
 * lexer's top-level tokens: tokens with no blank line between them stay together, so where
 * `marked` and react-markdown's parser might disagree on an edge (a paragraph interrupted or
 * continued), the renderer still sees both lines. Joined back, the blocks are `text`. A text
 * with link reference definitions stays whole, since any block may use them.
 */
export function splitMarkdownBlocks(text: string): string[] {
  // The lexer's rules expect "\n" line ends (its `lex` rewrites "\r\n" first); rare in answers.
  if (text.includes('\r')) return [text];
  // Block tokens only: the inline ones (two thirds of the lexer's time) are not needed here.
  const lexer = new Lexer(LEXER_OPTIONS);
  const tokens = lexer.blockTokens(text);
  if (tokens.some((token) => token.type === 'def') || Object.keys(lexer.tokens.links).length > 0) return [text];
  const blocks: string[] = [];
  let start = 0;
  let end = 0;
  /** The last token that is not blank lines. */
  let before: Token | undefined;
  tokens.forEach((token, index) => {
    if (token.type !== 'space') before = token;
    // By length: `raw` may differ from the text in its blanks (a list item's trailing spaces).
    end += token.raw.length;
    const endsBlock = token.type === 'space' || ENDS_WITH_BLANK_LINE.test(token.raw);
    const after = tokens[index + 1];
    if (endsBlock && before && after && !staysTogether(before, after)) {
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
