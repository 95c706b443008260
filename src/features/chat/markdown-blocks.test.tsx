import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { markdownAnswer, withoutBlockLineBreaks } from './markdown-test-support';
import { createBlockSplitter, splitMarkdownBlocks } from './markdown-blocks';

/** What react-markdown (as the chat uses it: no plugins) makes of `text`. */
const markupOf = (text: string) => withoutBlockLineBreaks(renderToStaticMarkup(<Markdown>{text}</Markdown>));

const SAMPLE = [
  '# Homes in **Austin**',
  'Three bright rooms, close to [the park](https://example.com/park).',
  '- kitchen\n- porch\n\n- garden, in a loose list',
  '1. first\n2. second',
  '```\ncode with\n\na blank line\n```',
  '> quoted\n\n    indented code\n\n    more code',
  'The end.',
].join('\n\n');

describe('splitMarkdownBlocks', () => {
  it('gives back the text when joined', () => {
    expect(splitMarkdownBlocks(SAMPLE).join('')).toBe(SAMPLE);
    expect(splitMarkdownBlocks('')).toEqual(['']);
  });

  it('cuts after blank lines between top-level blocks, never inside a list or code', () => {
    expect(splitMarkdownBlocks(SAMPLE).map((block) => block.trim())).toEqual([
      '# Homes in **Austin**',
      'Three bright rooms, close to [the park](https://example.com/park).',
      // A loose list, blank line included, is one block.
      '- kitchen\n- porch\n\n- garden, in a loose list',
      '1. first\n2. second',
      '```\ncode with\n\na blank line\n```',
      '> quoted',
      // Indented code stays with what follows it (see keepsNextBlock).
      'indented code\n\n    more code\n\nThe end.',
    ]);
  });

  it('keeps blocks with no blank line between them together', () => {
    expect(splitMarkdownBlocks('# Homes\nThree rooms.\n```\ncode\n```\nThe end.')).toHaveLength(1);
  });

  it('keeps a table line with the paragraph it continues, as CommonMark does', () => {
    const text = 'Prices:\n| Home | Price |\n| --- | --- |\n| Oak | $2,400 |\n\nThe end.';
    expect(splitMarkdownBlocks(text)[0]!.trim()).toBe('Prices:\n| Home | Price |\n| --- | --- |\n| Oak | $2,400 |');
  });

  it('keeps text with link reference definitions whole, since any block may use them', () => {
    const text = 'See [the listing][1].\n\nMore.\n\n[1]: https://example.com/1';
    expect(splitMarkdownBlocks(text)).toEqual([text]);
  });

  it('renders generated answers, cut anywhere as a stream is, the same by blocks as whole', () => {
    fc.assert(
      fc.property(markdownAnswer, fc.nat(), (answer, cut) => {
        const text = answer.slice(0, cut % (answer.length + 1));
        const blocks = splitMarkdownBlocks(text);
        expect(blocks.join('')).toBe(text);
        expect(blocks.map(markupOf).join('')).toBe(markupOf(text));
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});

describe('createBlockSplitter', () => {
  it('gives, for every text a growing answer passes through, the blocks splitMarkdownBlocks gives', () => {
    fc.assert(
      fc.property(markdownAnswer, fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }), (answer, steps) => {
        const split = createBlockSplitter();
        let length = 0;
        for (let step = 0; length < answer.length; step += 1) {
          length = Math.min(answer.length, length + steps[step % steps.length]!);
          const text = answer.slice(0, length);
          expect(split(text), JSON.stringify(text)).toEqual(splitMarkdownBlocks(text));
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('keeps the strings of the blocks that did not change', () => {
    const split = createBlockSplitter();
    const first = split('One.\n\nTwo.\n\nThree.\n\nFou');
    const second = split('One.\n\nTwo.\n\nThree.\n\nFour.');
    expect(second[0]).toBe(first[0]);
    expect(second.at(-1)).toBe('Four.');
  });

  it('starts again for a text that is not the last one grown', () => {
    const split = createBlockSplitter();
    split('One.\n\nTwo.\n\nThree.');
    expect(split('Other.\n\nText.')).toEqual(splitMarkdownBlocks('Other.\n\nText.'));
  });
});
