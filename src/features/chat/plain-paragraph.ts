/**
 * Characters that can start Markdown syntax inside a line (escapes, code, emphasis, links and
 * images, autolinks and raw HTML, entities), tabs and NUL (which Markdown rewrites), and line
 * breaks (a paragraph over several lines may hold a hard break or a setext underline).
 */
const INLINE_SYNTAX = /[\\`*_[\]<&\t\n\r\0]/;
/**
 * What a line may start with to open something other than a paragraph: a heading, a quote,
 * a list item or thematic break, a fence, indented code, an ordered list item.
 */
const BLOCK_START = /^(?:[#>\-+=~ ]|\d+[.)])/;

/**
 * `line` without the spaces and tabs at its end. By hand: /[ \t]+$/ tries a match at every
 * space of the line, which on a long answer's paragraphs cost more than the rest of this check.
 */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end -= 1;
  return line.slice(0, end);
}

/**
 * The text of `block` when it is one line of plain prose, which Markdown renders as one
 * paragraph holding exactly that text (trailing blanks dropped); null for anything else.
 * Most blocks of a chatbot's answer are such lines; they need no Markdown parser at all,
 * which on a long answer arriving at once is most of the work of showing it.
 */
export function plainParagraphOf(block: string): string | null {
  const line = block.replace(/\n+$/, '');
  if (line === '' || INLINE_SYNTAX.test(line) || BLOCK_START.test(line)) return null;
  const text = withoutTrailingBlanks(line);
  return text === '' ? null : text;
}
