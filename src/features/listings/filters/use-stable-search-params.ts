import { useCallback, useLayoutEffect, useRef } from 'react';
import { createSearchParams, useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * React Router's useSearchParams, with a setter that keeps its identity from one URL to the
 * next. The router's own setter is a new function after every change of the search, and so
 * is every callback built on it: each page change then re-rendered the filters, the header
 * and every row that takes one, though none of them had changed.
 *
 * A function given to the setter receives the search as the last change left it. The
 * router's own setter hands it the search of the render it came from, so two changes made
 * before a render (two filters whose typing pauses end together) both started from the same
 * search, and the second undid the first.
 */
export function useStableSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  const rendered = useRef(searchParams);
  /** Searches this setter asked for that no render has shown yet, oldest first. */
  const asked = useRef<string[]>([]);
  useLayoutEffect(() => {
    latest.current = setSearchParams;
    rendered.current = searchParams;
    const shown = asked.current.indexOf(searchParams.toString());
    // One of ours is shown: the later ones are still on their way. Anything else (Back, a
    // link) replaced them all.
    asked.current = shown === -1 ? [] : asked.current.slice(shown + 1);
  }, [setSearchParams, searchParams]);
  const stableSetSearchParams = useCallback<SetURLSearchParams>((next, options) => {
    const base = asked.current.at(-1) ?? rendered.current.toString();
    const resolved = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(base)) : next);
    asked.current.push(resolved.toString());
    latest.current(resolved, options);
  }, []);
  return [searchParams, stableSetSearchParams];
}
