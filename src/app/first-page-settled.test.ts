import { QueryClient } from '@tanstack/react-query';
import { whenFirstPageSettled } from './first-page-settled';

function fakeRouter() {
  const listeners = new Set<() => void>();
  const router = {
    state: { initialized: false, navigation: { state: 'loading' } },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle() {
      router.state = { initialized: true, navigation: { state: 'idle' } };
      listeners.forEach((listener) => listener());
    },
  };
  return router;
}

describe('whenFirstPageSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the router and for every query, then resolves', async () => {
    const router = fakeRouter();
    const queryClient = new QueryClient();
    let finishQuery = () => {};
    void queryClient.fetchQuery({ queryKey: ['rows'], queryFn: () => new Promise<number>((resolve) => (finishQuery = () => resolve(1))) });
    const settled = vi.fn();
    void whenFirstPageSettled(router, queryClient).then(settled);

    await vi.advanceTimersByTimeAsync(500);
    router.settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).not.toHaveBeenCalled();

    finishQuery();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
