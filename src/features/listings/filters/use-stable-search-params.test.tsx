import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type SetURLSearchParams } from 'react-router';
import { useStableSearchParams } from './use-stable-search-params';

describe('useStableSearchParams', () => {
  it('keeps the setter across changes of the search, and hands it the latest params', async () => {
    const seen: { search: string; set: SetURLSearchParams }[] = [];
    function Probe() {
      const [searchParams, setSearchParams] = useStableSearchParams();
      seen.push({ search: searchParams.toString(), set: setSearchParams });
      return null;
    }
    const router = createMemoryRouter([{ path: '/', Component: Probe }], { initialEntries: ['/?page=1'] });
    render(<RouterProvider router={router} />);

    const set = seen[0]!.set;
    await act(async () => {
      set((current) => {
        current.set('page', '2');
        return current;
      });
    });
    await act(async () => {
      set((current) => {
        current.set('size', '100');
        return current;
      });
    });

    expect(router.state.location.search).toBe('?page=2&size=100');
    expect(seen.at(-1)!.search).toBe('page=2&size=100');
    expect(new Set(seen.map((render) => render.set)).size).toBe(1);
  });

  it('starts a change from the one before it, even when no render has shown that one yet', async () => {
    // Two filters whose typing pauses end together commit one after the other, faster than
    // a render: the second must not start from the search the first replaced.
    let set: SetURLSearchParams | undefined;
    function Probe() {
      set = useStableSearchParams()[1];
      return null;
    }
    const router = createMemoryRouter([{ path: '/', Component: Probe }], { initialEntries: ['/?city=Austin&page=3'] });
    render(<RouterProvider router={router} />);

    await act(async () => {
      set!((current) => {
        current.delete('city');
        current.set('page', '1');
        return current;
      });
      set!((current) => {
        current.set('mls', 'TX1');
        current.set('page', '1');
        return current;
      });
    });
    expect(router.state.location.search).toBe('?page=1&mls=TX1');

    // Back, then a change: it starts from where Back went, not from a change asked before.
    await act(async () => {
      await router.navigate(-1);
    });
    await act(async () => {
      set!((current) => {
        current.set('size', '50');
        return current;
      });
    });
    expect(router.state.location.search).toBe('?page=1&size=50');
  });
});
