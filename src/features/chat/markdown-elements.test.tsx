import { renderToStaticMarkup } from 'react-dom/server';
import { markdownElements, safeHttpUrl } from './markdown-elements';

const fullMarkupOf = (text: string) => renderToStaticMarkup(<>{markdownElements(text)}</>);
/** The markup without the line break that follows each block and list item (the first test checks those). */
const markupOf = (text: string) => fullMarkupOf(text).replace(/(<\/(?:p|h[1-6]|ul|ol|li|pre|blockquote)>|<hr\/>)\n/g, '$1');

describe('markdownElements', () => {
  it('follows each block and list item with a line break, so the text keeps them apart', () => {
    expect(fullMarkupOf('Homes:\n\n- Oak\n- Elm')).toBe('<p>Homes:</p>\n<ul><li>Oak</li>\n<li>Elm</li>\n</ul>\n');
    // Rendered block by block, the same text.
    expect(fullMarkupOf('Homes:\n\n') + fullMarkupOf('- Oak\n- Elm')).toBe(fullMarkupOf('Homes:\n\n- Oak\n- Elm'));
  });

  it('renders the blocks an answer holds as CommonMark does', () => {
    expect(markupOf('## Homes in *Austin*')).toBe('<h2>Homes in <em>Austin</em></h2>');
    expect(markupOf('Homes\n---')).toBe('<h2>Homes</h2>');
    expect(markupOf('> A **quiet** street')).toBe('<blockquote><p>A <strong>quiet</strong> street</p></blockquote>');
    expect(markupOf('One\n\n***\n\nTwo')).toBe('<p>One</p><hr/><p>Two</p>');
    expect(markupOf('Line one  \nline two')).toBe('<p>Line one<br/>line two</p>');
  });

  it('writes code as it is, with the language of its fence', () => {
    expect(markupOf('```json extra words\n{"rent": 2400} <b>\n```')).toBe('<pre><code class="language-json">{&quot;rent&quot;: 2400} &lt;b&gt;\n</code></pre>');
    expect(markupOf('    indented &amp; kept')).toBe('<pre><code>indented &amp;amp; kept\n</code></pre>');
    expect(markupOf('Use `a &lt; b` here')).toBe('<p>Use <code>a &amp;lt; b</code> here</p>');
  });

  it('renders tight lists bare, loose lists in paragraphs, and an ordered list from its first number', () => {
    expect(markupOf('- kitchen\n- porch\n  - swing')).toBe('<ul><li>kitchen</li><li>porch<ul><li>swing</li></ul></li></ul>');
    expect(markupOf('- kitchen\n\n- porch')).toBe('<ul><li><p>kitchen</p></li><li><p>porch</p></li></ul>');
    expect(markupOf('3. third\n4. fourth')).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
    expect(markupOf('1. first')).toBe('<ol><li>first</li></ol>');
  });

  it('shows character references as the characters they stand for, and escapes as the character', () => {
    expect(markupOf('Tom &amp; Jerry &copy; 2024 &#35;1 \\*not emphasis\\*')).toBe('<p>Tom &amp; Jerry © 2024 #1 *not emphasis*</p>');
    expect(markupOf('[a &amp; b](https://example.com/?a=1&amp;b=2)')).toBe(
      '<p><a class="mantine-focus-auto" href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">a &amp; b</a></p>',
    );
  });

  it('shows raw HTML as the text it is, in a block or in a line', () => {
    expect(markupOf('<div onclick="x()">raw</div>')).toBe('<p>&lt;div onclick=&quot;x()&quot;&gt;raw&lt;/div&gt;</p>');
    expect(markupOf('A <b>bold</b> claim')).toBe('<p>A &lt;b&gt;bold&lt;/b&gt; claim</p>');
    // A character reference never turns into markup either.
    expect(markupOf('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('links only to http(s) addresses, and shows images as a link to them', () => {
    expect(markupOf('[home](javascript:alert(1)) [mail](mailto:a@b.c)')).toBe('<p><span>home</span> <span>mail</span></p>');
    expect(markupOf('![porch](https://example.com/p.png) ![](data:image/png;base64,AA)')).toBe(
      '<p><a class="mantine-focus-auto" href="https://example.com/p.png" target="_blank" rel="noopener noreferrer">[porch]</a> <span>[image]</span></p>',
    );
  });

  it('resolves reference links within the same text', () => {
    expect(markupOf('See [the listing][1].\n\n[1]: https://example.com/1')).toBe(
      '<p>See <a class="mantine-focus-auto" href="https://example.com/1" target="_blank" rel="noopener noreferrer">the listing</a>.</p>',
    );
  });

  it('drops the blanks that end a paragraph, as CommonMark does', () => {
    expect(markupOf('Trailing blanks   ')).toBe('<p>Trailing blanks</p>');
  });
});

describe('safeHttpUrl', () => {
  it('keeps only absolute http(s) addresses', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(safeHttpUrl(' javascript:alert(1)')).toBe('');
    expect(safeHttpUrl('/relative')).toBe('');
    expect(safeHttpUrl('ftp://example.com')).toBe('');
  });
});
