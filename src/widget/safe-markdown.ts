/**
 * The small Markdown the service writes in answers (paragraphs, `-`/`*`/`1.` lists, `#`
 * headings, **bold**, *italic*, `code`, [links](https://...), backslash escapes), turned into
 * DOM nodes. Every piece of text becomes a text node: nothing the bot or the visitor wrote is
 * ever parsed as HTML, and a link is made only to http:, https: or mailto: addresses.
 */

const SAFE_LINK = /^(https?:|mailto:)/i;

/** The address of a link if it may be followed, else null (javascript:, data:, relative...). */
export function safeHref(target: string): string | null {
  const trimmed = target.trim();
  if (!SAFE_LINK.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

const INLINE = /\\([\\`*_[\]()#|<>~-])|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|_(?!\s)(.+?)_(?![A-Za-z0-9])|`([^`]+)`|\[((?:\\.|[^\]\\])+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;

/** Inline Markdown as nodes appended to `parent`. */
export function appendInline(parent: Node, text: string): void {
  const document = parent.ownerDocument ?? (parent as Document);
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) parent.appendChild(document.createTextNode(text.slice(last, match.index)));
    last = match.index + match[0].length;
    const [, escaped, strong, strongUnderscore, em, emUnderscore, code, linkText, linkTarget] = match;
    if (escaped !== undefined) {
      parent.appendChild(document.createTextNode(escaped));
    } else if (strong !== undefined || strongUnderscore !== undefined) {
      const element = document.createElement('strong');
      appendInline(element, strong ?? strongUnderscore!);
      parent.appendChild(element);
    } else if (em !== undefined || emUnderscore !== undefined) {
      const element = document.createElement('em');
      appendInline(element, em ?? emUnderscore!);
      parent.appendChild(element);
    } else if (code !== undefined) {
      const element = document.createElement('code');
      element.textContent = code;
      parent.appendChild(element);
    } else {
      const href = safeHref(linkTarget!.replace(/%28/g, '(').replace(/%29/g, ')'));
      const element = href ? document.createElement('a') : document.createElement('span');
      if (href) {
        (element as HTMLAnchorElement).href = href;
        (element as HTMLAnchorElement).target = '_blank';
        (element as HTMLAnchorElement).rel = 'noopener noreferrer';
      }
      appendInline(element, linkText!);
      parent.appendChild(element);
    }
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

const LIST_ITEM = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;
const HEADING = /^#{1,6}\s+(.*)$/;

/** Markdown text as a fragment of block elements (p, ul/ol with li, strong headings). */
export function renderMarkdown(document: Document, markdown: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let list: HTMLElement | null = null;
  let paragraph: HTMLElement | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const item = LIST_ITEM.exec(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      list = null;
      paragraph = null;
    } else if (item) {
      const tag = item[1] === undefined ? 'ul' : 'ol';
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = fragment.appendChild(document.createElement(tag));
      }
      paragraph = null;
      appendInline(list.appendChild(document.createElement('li')), item[2]!);
    } else if (heading) {
      list = null;
      paragraph = null;
      const element = fragment.appendChild(document.createElement('p'));
      appendInline(element.appendChild(document.createElement('strong')), heading[1]!);
    } else if (paragraph) {
      paragraph.appendChild(document.createElement('br'));
      appendInline(paragraph, line);
    } else {
      list = null;
      paragraph = fragment.appendChild(document.createElement('p'));
      appendInline(paragraph, line);
    }
  }
  return fragment;
}
