import { renderToStaticMarkup } from 'react-dom/server';
import { markdownElements } from './markdown-elements';
import { createRandom } from '../../demo-data';
import { plainParagraphOf } from './plain-paragraph';

/** What the chat's renderer makes of `block`. */
const markdownOf = (block: string) => renderToStaticMarkup(<>{markdownElements(block)}</>);
const paragraphOf = (text: string) => `${renderToStaticMarkup(<p>{text}</p>)}\n`;

describe('plainParagraphOf', () => {
  it.each([
    'Three bright rooms, close to the park.',
    'Rent: $2,400 (per month) - "furnished", it\'s 50% off; see http://example.com/a?b=1#c',
    '2024 was a good year; 3 bedrooms, 2.5 baths.',
    'Olá, café près du 🏠 — yes | no ~ maybe > perhaps = fine! {ok} ^ @home',
    'Trailing blanks are dropped   ',
    'A paragraph ending its block\n\n',
    '\u00a0A no-break space stays',
  ])('takes %j as the paragraph Markdown makes of it', (block) => {
    const text = plainParagraphOf(block);
    expect(text).not.toBeNull();
    expect(paragraphOf(text!)).toBe(markdownOf(block));
  });

  it.each([
    ['a heading', '# Homes'],
    ['a quote', '> quoted'],
    ['a list item', '- kitchen'],
    ['a loose list item', '+ porch'],
    ['an ordered list item', '1. first'],
    ['an ordered list item with a parenthesis', '12) twelfth'],
    ['a thematic break', '***'],
    ['a fence', '~~~'],
    ['indented code', '    code'],
    ['emphasis', 'a *bright* room'],
    ['strong emphasis', 'a __bright__ room'],
    ['code', 'run `npm test`'],
    ['a link', 'see [the park](https://example.com)'],
    ['an autolink', 'see <https://example.com>'],
    ['raw HTML', 'a <b>bold</b> claim'],
    ['an entity', 'Tom &amp; Jerry'],
    ['an escape', 'not \\*emphasis\\*'],
    ['two lines', 'first line\nsecond line'],
    ['a tab', 'a\ttab'],
    ['nothing', ''],
    ['only blanks', '   '],
  ])('leaves %s to the Markdown parser', (_case, block) => {
    expect(plainParagraphOf(block)).toBeNull();
  });

  it('renders exactly as Markdown whenever it takes a line (generated lines)', () => {
    const random = createRandom(7);
    const pieces = ['word', 'Home', ' ', ' ', '  ', '.', ',', '1', '2.', '3)', '-', '+', '*', '_', '#', '>', '<', '&', '=', '~', '`', '[', ']', '(', ')', '!', '\\', '\t', '\n', ':', '"', "'", 'é', '🏠', '\u00a0', 'http://x.y', '|'];
    let taken = 0;
    for (let index = 0; index < 3000; index += 1) {
      const block = Array.from({ length: random.int(1, 8) }, () => random.pick(pieces)).join('');
      const text = plainParagraphOf(block);
      if (text === null) continue;
      taken += 1;
      expect(paragraphOf(text), JSON.stringify(block)).toBe(markdownOf(block));
    }
    // The generator does produce plain lines, so the comparison above is not vacuous.
    expect(taken).toBeGreaterThan(300);
  });
});
