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
});
