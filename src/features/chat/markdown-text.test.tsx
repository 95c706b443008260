import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import fc from 'fast-check';
import { GrowingMarkdownText, MarkdownText, warmUpMarkdown } from './markdown-text';
import { markdownAnswer, SAMPLE_ANSWER as SAMPLE, withoutEmptyStyles } from './markdown-test-support';

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

/** The rendered document, without the style tags Mantine adds beside it. */
function documentOf(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('.mantine-Typography-root')!;
}

function renderGrowing(text: string) {
  const rendered = render(
    <MantineProvider env="test">
      <GrowingMarkdownText text={text} />
    </MantineProvider>,
  );
  return documentOf(rendered.container);
}

describe('GrowingMarkdownText', () => {
  it('renders the same document as MarkdownText', async () => {
    const html = (element: HTMLElement) => withoutEmptyStyles(element.innerHTML);
    const whole = html(documentOf(renderMarkdown(SAMPLE).container));
    const growing = renderGrowing(SAMPLE);
    await waitFor(() => expect(html(growing)).toBe(whole), { timeout: 5000 });
  });

  it('formats a long text that arrives at once, block by block, ending with every block formatted', async () => {
    const paragraphs = Array.from({ length: 80 }, (_, index) => `Paragraph **${index}** about a [home](https://example.com/${index}).`);
    const container = renderGrowing(paragraphs.join('\n\n'));
    // The end, where a reader following the answer looks, is formatted at once.
    expect(container.querySelector('p:last-child strong')).toHaveTextContent('79');
    await waitFor(() => expect(container.querySelectorAll('strong')).toHaveLength(80), { timeout: 15_000 });
    expect(container.querySelectorAll('a')).toHaveLength(80);
    expect(container).not.toHaveTextContent('**');
  }, 20_000);

  it('keeps every character while a block waits for its turn', () => {
    const paragraphs = Array.from({ length: 80 }, (_, index) => `Paragraph ${index} with a *long enough* sentence to parse.`);
    const text = paragraphs.join('\n\n');
    const container = renderGrowing(text);
    expect(container.children).toHaveLength(80);
    // Waiting blocks are their text as is, asterisks included; the last two are formatted at once.
    expect(container.querySelectorAll('em')).toHaveLength(2);
    const shown = [...paragraphs.slice(0, -2), ...paragraphs.slice(-2).map((paragraph) => paragraph.replaceAll('*', ''))];
    expect(container.textContent?.replace(/\s+/g, '')).toBe(shown.join('').replace(/\s+/g, ''));
  });

  it('shows plain prose that arrives at once formatted in the first render, without a round', async () => {
    const paragraphs = Array.from({ length: 80 }, (_, index) => `Paragraph ${index} about a quiet street close to schools.`);
    let commits = 0;
    const rendered = render(
      <MantineProvider env="test">
        <Profiler id="answer" onRender={() => (commits += 1)}>
          <GrowingMarkdownText text={paragraphs.join('\n\n')} />
        </Profiler>
      </MantineProvider>,
    );
    const container = documentOf(rendered.container);
    // A round would come a frame later: give it a few.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits).toBe(1);
    const shown = [...container.children];
    expect(shown).toHaveLength(80);
    // Formatted, not a waiting block's plain text (which keeps its line breaks with pre-line).
    expect(shown.filter((paragraph) => paragraph.tagName !== 'P' || paragraph.getAttribute('style') !== null)).toEqual([]);
    expect(shown[0]).toHaveTextContent('Paragraph 0 about a quiet street close to schools.');
  });

  it('shows a generated answer, as it streams in and cut anywhere, as MarkdownText shows each text it passes through', async () => {
    const wrap = (node: ReactNode) => <MantineProvider env="test">{node}</MantineProvider>;
    const html = (container: HTMLElement) => withoutEmptyStyles(documentOf(container).innerHTML);
    await fc.assert(
      fc.asyncProperty(markdownAnswer, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), async (answer, cuts) => {
        const lengths = [...cuts.map((cut) => 1 + (cut % answer.length)), answer.length].sort((a, b) => a - b);
        const growing = render(wrap(<GrowingMarkdownText text={answer.slice(0, lengths[0])} />));
        try {
          for (const length of lengths) {
            const text = answer.slice(0, length);
            growing.rerender(wrap(<GrowingMarkdownText text={text} />));
            const whole = render(wrap(<MarkdownText text={text} />));
            // Blocks waiting for their round show as plain text until formatted, a round a frame.
            await waitFor(() => expect(html(growing.container), JSON.stringify(text)).toBe(html(whole.container)));
            whole.unmount();
          }
        } finally {
          growing.unmount();
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('warmUpMarkdown', () => {
  it('renders its sample off screen, outside any provider, without an error', () => {
    // React reports a render's error instead of throwing it (a component in the sample that
    // needs Mantine's provider would report one here).
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => reported.push(event.error);
    window.addEventListener('error', onError);
    try {
      warmUpMarkdown();
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(reported).toEqual([]);
  });
});
