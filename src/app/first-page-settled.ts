import type { QueryClient } from '@tanstack/react-query';
import { runWhenIdle } from '../lib/run-when-idle';

interface RouterLike {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: () => void): () => void;
}

/**
 * Resolves once the first page is on screen and quiet: the router has loaded the page's code,
 * no query is fetching, and the browser has an idle moment. Code the first page does not need
 * loads from then on, so it neither delays that page nor counts among its downloads.
 */
export function whenFirstPageSettled(router: RouterLike, queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle' && queryClient.isFetching() === 0;
    let stopRouter = () => {};
    let stopQueries = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      // A query that finishes often makes the page fetch the next one (the next listings page):
      // wait a moment for that rather than start between the two.
      timer = setTimeout(() => {
        if (!settled()) return;
        stopRouter();
        stopQueries();
        runWhenIdle(resolve);
      }, 100);
    };
    stopRouter = router.subscribe(check);
    stopQueries = queryClient.getQueryCache().subscribe(check);
    check();
  });
}
