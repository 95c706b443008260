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
