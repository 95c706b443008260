import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MarkdownText, safeHttpUrl } from './markdown-text';

function renderMarkdown(text: string) {
  return render(
    <MantineProvider env="test">
      <MarkdownText text={text} />
    </MantineProvider>,
  );
}

describe('MarkdownText', () => {
  it('renders Markdown formatting', () => {
    renderMarkdown('Three **bright** rooms:\n\n- kitchen\n- porch');
    expect(screen.getByText('bright').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens http(s) links in a new tab without handing over the opener', () => {
    renderMarkdown('See [the listing](https://example.com/homes/1).');
    const link = screen.getByRole('link', { name: 'the listing' });
    expect(link).toHaveAttribute('href', 'https://example.com/homes/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders other links as plain text', () => {
    renderMarkdown('[click](javascript:alert(1)) [mail](mailto:a@b.c) [local](/bots/x) [data](data:text/html,hi)');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('click')).toBeInTheDocument();
    expect(screen.getByText('mail')).toBeInTheDocument();
  });

  it('never renders raw HTML, and shows it as the text it is', () => {
    const { container } = renderMarkdown('Before <img src=x onerror="alert(1)"> <b>bold</b> <script>alert(1)</script> after');
    expect(container.querySelector('img, script, b, [onerror]')).toBeNull();
    expect(container).toHaveTextContent('Before <img src=x onerror="alert(1)"> <b>bold</b> <script>alert(1)</script> after');
  });

  it('shows images as a link instead of loading them', () => {
    const { container } = renderMarkdown('![porch](https://example.com/porch.png) ![bad](javascript:x)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: '[porch]' })).toHaveAttribute('href', 'https://example.com/porch.png');
    expect(screen.getByText('[bad]').tagName).toBe('SPAN');
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
