import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * React Router's useSearchParams, with a setter that keeps its identity from one URL to the
 * next. The router's own setter is a new function after every change of the search, and so
 * is every callback built on it: each page change then re-rendered the filters, the header
 * and every row that takes one, though none of them had changed. A function given to the
 * setter still receives the search params of the latest render.
 */
export function useStableSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  useLayoutEffect(() => {
    latest.current = setSearchParams;
  }, [setSearchParams]);
  const stableSetSearchParams = useCallback<SetURLSearchParams>((next, options) => latest.current(next, options), []);
  return [searchParams, stableSetSearchParams];
}
