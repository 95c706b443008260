import type { Token, Tokens } from 'marked';
import { newLexer } from './marked-lexer';
import { Fragment, type ReactNode } from 'react';
import { MARKDOWN_DIALECT } from './markdown-blocks';

/** Only http(s) addresses survive; anything else (javascript:, data:, relative) becomes ''. */
export function safeHttpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : '';
  } catch {
    return '';
  }
}

let entityDecoder: HTMLTextAreaElement | undefined;

/**
 * `text` with its character references (`&amp;`, `&copy;`, `&#35;`) read as the characters
 * they stand for, as Markdown renders them: `marked` leaves them for an HTML serializer, and
 * React writes text as it is. A detached textarea's content is text only (RCDATA): nothing
 * in it is parsed as an element or runs.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  entityDecoder ??= document.createElement('textarea');
  entityDecoder.innerHTML = text;
  return entityDecoder.value;
}

function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  // Plain <a>: the Typography around an answer styles links as Mantine's Anchor would, and
  // hundreds of Anchor components (each a Text and a Box) cost a long answer most of a frame.
  return (
    <a className="mantine-focus-auto" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function inlineElements(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map(inlineElement);
}

function inlineElement(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? <Fragment key={key}>{inlineElements(token.tokens)}</Fragment> : decodeEntities(token.text);
    case 'escape':
      return token.text;
    case 'strong':
      return <strong key={key}>{inlineElements(token.tokens)}</strong>;
    case 'em':
      return <em key={key}>{inlineElements(token.tokens)}</em>;
    case 'codespan':
      return <code key={key}>{token.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const href = safeHttpUrl(decodeEntities((token as Tokens.Link).href));
      const children = inlineElements(token.tokens);
      // A link whose address was dropped renders as its text.
      return href ? <SafeLink key={key} href={href}>{children}</SafeLink> : <span key={key}>{children}</span>;
    }
    case 'image': {
      // Images are not loaded from whatever address an answer names: a link opens them in a new tab.
      const label = `[${decodeEntities(token.text) || 'image'}]`;
      const href = safeHttpUrl(decodeEntities((token as Tokens.Image).href));
      return href ? <SafeLink key={key} href={href}>{label}</SafeLink> : <span key={key}>{label}</span>;
    }
    // Raw HTML is shown as the text it is: never rendered, and not dropped either.
    case 'html':
      return token.text;
    default:
      return 'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : null;
  }
}

/** A paragraph's inline tokens without the spaces that end its last line, which CommonMark drops and `marked` keeps. */
function withoutTrailingBlanks(tokens: readonly Token[]): readonly Token[] {
  const last = tokens.at(-1);
  if (last?.type !== 'text' || last.tokens || !/[ \t]$/.test(last.text)) return tokens;
  return [...tokens.slice(0, -1), { ...last, text: last.text.replace(/[ \t]+$/, '') }];
}

/**
 * Block elements, each followed by a line break in the text, as a Markdown renderer writes
 * them: nothing on screen, but the document's text (what a test, a copy of the markup or an
 * extension reads) keeps its blocks and list items apart. After each, not between: an answer
 * rendered block by block then has the same text as rendered whole.
 */
function blockElements(tokens: readonly Token[]): ReactNode[] {
  return tokens.flatMap((token, index) => {
    const element = blockElement(token, index);
    return element === null ? [] : [element, '\n'];
  });
}

function listItemContent(item: Tokens.ListItem): ReactNode[] {
  // A tight list's items hold their text bare, a loose list's in paragraphs (as `marked` lexes them).
  return item.tokens.map((token, key) => (token.type === 'text' ? <Fragment key={key}>{inlineElements(token.tokens ?? [token])}</Fragment> : blockElement(token, key)));
}

function blockElement(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'paragraph':
      return <p key={key}>{inlineElements(withoutTrailingBlanks(token.tokens ?? []))}</p>;
    case 'heading': {
      const Heading = `h${(token as Tokens.Heading).depth}` as 'h1';
      return <Heading key={key}>{inlineElements(token.tokens)}</Heading>;
    }
    case 'code': {
      const language = /^\S+/.exec((token as Tokens.Code).lang ?? '')?.[0];
      return (
        <pre key={key}>
          <code className={language ? `language-${language}` : undefined}>{`${token.text}\n`}</code>
        </pre>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{blockElements((token as Tokens.Blockquote).tokens)}</blockquote>;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.flatMap((item, index) => [<li key={index}>{listItemContent(item)}</li>, '\n']);
      if (!list.ordered) return <ul key={key}>{items}</ul>;
      const start = Number(list.start);
      return (
        <ol key={key} start={Number.isFinite(start) && start !== 1 ? start : undefined}>
          {items}
        </ol>
      );
    }
    case 'hr':
      return <hr key={key} />;
    // A block of raw HTML is a paragraph of the text it is.
    case 'html':
      return <p key={key}>{token.text.trimEnd()}</p>;
    case 'text':
      return <Fragment key={key}>{inlineElements(token.tokens ?? [token])}</Fragment>;
    // Blank lines and link reference definitions show nothing themselves.
    default:
      return null;
  }
}

/**
 * Markdown as React elements, through `marked`'s lexer (the block splitter's too, so both
 * read the answer alike). Raw HTML is shown as the text it is, links are http(s) only and
 * open in a new tab without the opener, images show as a link instead of being loaded.
 */
export function markdownElements(text: string): ReactNode {
  return blockElements(newLexer(MARKDOWN_DIALECT).lex(text));
}
