import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { markdownElements } from './markdown-elements';
import { markdownAnswer, SAMPLE_ANSWER as SAMPLE } from './markdown-test-support';
import { createBlockSplitter, splitMarkdownBlocks } from './markdown-blocks';

/** What the chat's renderer makes of `text`. */
const markupOf = (text: string) => renderToStaticMarkup(<>{markdownElements(text)}</>);

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
      // (trimmed: indented code starts with its four spaces)
      'indented code\n\n    more code',
      'The end.',
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
      { numRuns: 500 },
    );
  }, 60_000);
});

describe('createBlockSplitter', () => {
  it('gives, for every text a growing answer passes through, the blocks splitMarkdownBlocks gives', () => {
    fc.assert(
      fc.property(markdownAnswer, (answer) => {
        const split = createBlockSplitter();
        // Every prefix: a cut decided on a line's first characters ("2" before "2.") is caught.
        for (let length = 1; length <= answer.length; length += 1) {
          const text = answer.slice(0, length);
          const blocks = split(text);
          if (JSON.stringify(blocks) !== JSON.stringify(splitMarkdownBlocks(text))) expect(blocks, JSON.stringify(text)).toEqual(splitMarkdownBlocks(text));
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('cuts again the block before the last: a list item can join the list above it', () => {
    const split = createBlockSplitter();
    expect(split('1. first\n\n2')).toEqual(['1. first\n\n', '2']);
    expect(split('1. first\n\n2.')).toEqual(['1. first\n\n2.']);
  });

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
