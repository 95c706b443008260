import { createRandom } from '../src/demo-data';

const WORDS = [
  'bright', 'spacious', 'kitchen', 'garden', 'quiet', 'street', 'close', 'to', 'schools', 'parks', 'and', 'shops',
  'with', 'a', 'large', 'window', 'view', 'of', 'the', 'river', 'renovated', 'bathroom', 'open', 'living', 'room',
  'garage', 'for', 'two', 'cars', 'near', 'station', 'minutes', 'from', 'downtown', 'sunny', 'terrace', 'wooden',
  'floors', 'storage', 'laundry', 'owners', 'welcome', 'families', 'offer', 'viewing', 'this', 'week', 'neighbourhood',
];

/**
 * Plain prose of exactly `words` words, in paragraphs: a long answer the chat renders as
 * Markdown. It holds no Markdown syntax, so the text on screen keeps every non-space
 * character of the stream, which is how the benchmark tells what has been painted.
 */
export function longProse(words: number): string {
  const random = createRandom(4000);
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let index = 0; index < words; index += 1) {
    const word = random.pick(WORDS);
    sentence.push(sentence.length === 0 ? word[0]!.toUpperCase() + word.slice(1) : word);
    const last = index === words - 1;
    if (sentence.length >= 12 || last) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
    }
    if (paragraph.length >= 5 || (last && paragraph.length > 0)) {
      paragraphs.push(paragraph.join(' '));
      paragraph = [];
    }
  }
  return paragraphs.join('\n\n');
}

/** `count` words of the bench's vocabulary, from `random`. */
function wordsOf(random: ReturnType<typeof createRandom>, count: number): string {
  return Array.from({ length: count }, () => random.pick(WORDS)).join(' ');
}

/**
 * A long Markdown answer of at least `characters` characters, the same every time: sections
 * with a heading, prose with strong text, emphasis, code and links, a list of listings, a
 * table of prices and a fenced code block. The chat renders it as Markdown (the table as
 * text: the chat reads CommonMark); the peer in the bench renders GitHub's tables too.
 */
export function longMarkdown(characters: number): string {
  const random = createRandom(50_000);
  const sections: string[] = [];
  let length = 0;
  for (let section = 1; length < characters; section += 1) {
    const prose = Array.from({ length: 3 }, () => `${wordsOf(random, 10)} **${wordsOf(random, 2)}** ${wordsOf(random, 6)} *${wordsOf(random, 2)}*, \`${random.pick(WORDS)}\`.`).join(' ');
    const list = Array.from(
      { length: 4 },
      (_, item) => `- **[${section}${item} ${random.pick(WORDS)} street](https://example.com/homes/${section}-${item})**: $${random.int(900, 4000)}/mo · ${random.int(1, 5)} bd · ${wordsOf(random, 5)}`,
    ).join('\n');
    const table = [
      '| Home | Rent | Bedrooms |',
      '| --- | ---: | ---: |',
      ...Array.from({ length: 4 }, (_, row) => `| ${section}${row} ${random.pick(WORDS)} | $${random.int(900, 4000)} | ${random.int(1, 5)} |`),
    ].join('\n');
    const code = ['```json', `{ "section": ${section}, "city": "${random.pick(WORDS)}", "rent": ${random.int(900, 4000)} }`, '```'].join('\n');
    const text = [`## ${section}. ${wordsOf(random, 3)}`, prose, list, table, code].join('\n\n');
    sections.push(text);
    length += text.length + 2;
  }
  return sections.join('\n\n');
}
