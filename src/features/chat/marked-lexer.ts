import type { Lexer, MarkedOptions } from 'marked';
import { loadOnce } from '../../lib/load-once';

/*
 * `marked` alone is the chunk the chat fetches after its first paint (deferred-markdown.tsx):
 * the renderer around it stays in the page's chunk. A late chunk that reached React or Mantine
 * (the whole renderer, tried first) changed how the bundler groups the chunks every area shares,
 * and the listings' first visit, at its budget, grew by 0.1 KB; `marked` reaches nothing else.
 */

let lexerClass: typeof Lexer | null = null;

/** Fetches `marked` (once; again after a failure). */
export const loadMarked = loadOnce(() =>
  import('marked').then((module) => {
    lexerClass = module.Lexer;
  }),
);

/** Whether `marked` has arrived. */
export const isMarkedLoaded = () => lexerClass !== null;

/** A new Lexer; only for code drawn once `marked` has arrived (deferred-markdown.tsx sees to it). */
export function newLexer(options: MarkedOptions): Lexer {
  if (lexerClass === null) throw new Error('The Markdown parser was used before it arrived (loadMarked)');
  return new lexerClass(options);
}
