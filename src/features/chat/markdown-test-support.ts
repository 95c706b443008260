import fc from 'fast-check';

/*
 * For the tests of the block renderer. Generated Markdown answers for the property tests of the block renderer: what a chatbot
 * writes (headings, paragraphs with inline formatting, lists tight and loose, nested and
 * ordered, tables, fenced and indented code with blank lines inside, quotes, breaks, a stray
 * HTML tag, now and then a link reference definition), joined by one, two or three line
 * breaks so that blocks touch, follow a blank line or several.
 */

/** A short answer with one block of each kind. */
export const SAMPLE_ANSWER = [
  '# Homes in **Austin**',
  'Three bright rooms, close to [the park](https://example.com/park).',
  '- kitchen\n- porch\n\n- garden, in a loose list',
  '1. first\n2. second',
  '```\ncode with\n\na blank line\n```',
  '> quoted\n\n    indented code\n\n    more code',
  'The end.',
].join('\n\n');

const word = fc.constantFrom('home', 'Austin', 'garden', '3', 'bd', '$2,400', 'near', 'the', 'park', 'é', '🏠', '|', '-', '1.', '*', '_', '#', '>', '\\', '&amp;', ':');
const plainWords = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const inline = fc.oneof(
  plainWords,
  plainWords.map((text) => `**${text}**`),
  plainWords.map((text) => `*${text}*`),
  plainWords.map((text) => `\`${text}\``),
  plainWords.map((text) => `[${text}](https://example.com/${text.length})`),
  fc.constant('<b>bold</b>'),
  fc.constant('[listing][1]'),
);
const line = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

const heading = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), line).map(([level, text]) => `${'#'.repeat(level)} ${text}`),
  fc.tuple(line, fc.constantFrom('===', '---', '-')).map(([text, underline]) => `${text}\n${underline}`),
);
const paragraph = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const marker = fc.constantFrom('- ', '* ', '+ ', '1. ', '2) ', '10. ');
const listItem = fc.tuple(
  line,
  fc.option(line.map((text) => `\n  - ${text}`)),
  fc.option(line.map((text) => `\n\n   ${text}`)),
);
const list = fc
  .tuple(marker, fc.array(listItem, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\n\n'))
  .map(([bullet, items, between]) => items.map(([text, nested, more]) => `${bullet}${text}${nested ?? ''}${more ?? ''}`).join(between));
const table = fc
  .array(fc.tuple(plainWords, plainWords), { minLength: 1, maxLength: 3 })
  .map((rows) => ['| Home | Price |', '| --- | ---: |', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n'));
const fence = fc
  .tuple(fc.constantFrom('```', '~~~', '````'), fc.constantFrom('', 'ts'), fc.array(fc.oneof(line, fc.constant('')), { maxLength: 4 }), fc.boolean())
  .map(([delimiter, info, lines, closed]) => [`${delimiter}${info}`, ...lines, ...(closed ? [delimiter] : [])].join('\n'));
const indentedCode = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.map((text) => `    ${text}`).join('\n\n'));
const quote = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.map((text) => `> ${text}`).join('\n'));
const block = fc.oneof(
  { arbitrary: paragraph, weight: 4 },
  { arbitrary: heading, weight: 2 },
  { arbitrary: list, weight: 3 },
  { arbitrary: table, weight: 2 },
  { arbitrary: fence, weight: 2 },
  { arbitrary: indentedCode, weight: 1 },
  { arbitrary: quote, weight: 1 },
  { arbitrary: fc.constantFrom('***', '<div>', '<p>', '-', '2', '[1]: https://example.com/1'), weight: 2 },
);

/** A generated Markdown answer. */
export const markdownAnswer = fc
  .tuple(fc.array(fc.tuple(block, fc.constantFrom('\n', '\n\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 8 }), fc.constantFrom('', '\n'))
  .map(([blocks, end]) => blocks.map(([text, separator]) => text + separator).join('').trimEnd() + end);

/**
 * A block shown as plain text while it waited for its round (`<p style="white-space: pre-line">`)
 * keeps its element once formatted as a plain paragraph, and React leaves `style=""` behind:
 * nothing a reader sees. On a busy machine a round can come that late, so comparisons drop it.
 */
export function withoutEmptyStyles(markup: string): string {
  return markup.replaceAll(' style=""', '');
}
