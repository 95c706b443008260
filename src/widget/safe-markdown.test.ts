import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './safe-markdown';

function html(markdown: string): string {
  const host = document.createElement('div');
  host.appendChild(renderMarkdown(document, markdown));
  return host.innerHTML;
}

describe('renderMarkdown', () => {
  it('renders the answers the service writes: lists of bold links, paragraphs', () => {
    expect(html('Here are homes:\n\n- **[12 Oak St, Austin](https://example.com/a)**: $2,500/month · 3 bd\n- second')).toBe(
      '<p>Here are homes:</p><ul><li><strong><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">12 Oak St, Austin</a></strong>: $2,500/month · 3 bd</li><li>second</li></ul>',
    );
    expect(html('1. one\n2. *two* and `code`')).toBe('<ol><li>one</li><li><em>two</em> and <code>code</code></li></ol>');
    expect(html('line one\nline two')).toBe('<p>line one<br>line two</p>');
    expect(html('## Title')).toBe('<p><strong>Title</strong></p>');
    expect(html('a \\*not bold\\* b')).toBe('<p>a *not bold* b</p>');
  });

  it('never turns text into HTML', () => {
    const rendered = html('<img src=x onerror="alert(1)"> **<script>alert(2)</script>**');
    expect(rendered).toBe('<p>&lt;img src=x onerror="alert(1)"&gt; <strong>&lt;script&gt;alert(2)&lt;/script&gt;</strong></p>');
    const host = document.createElement('div');
    host.appendChild(renderMarkdown(document, '<b onclick="x()">hi</b>'));
    expect(host.querySelector('b, img, script')).toBeNull();
  });

  it('links only to http, https and mailto addresses', () => {
    expect(html('[click](javascript:alert(1))')).toBe('<p><span>click</span></p>');
    expect(html('[data](data:text/html,<script>)')).not.toContain('<a');
    expect(html('[mail](mailto:agent@example.com)')).toContain('<a href="mailto:agent@example.com"');
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
  });
});
