import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { tokenOfHash, useHashToken } from './hash-token';

describe('tokenOfHash', () => {
  it('reads the token of a setup or invitation link, and nothing else', () => {
    expect(tokenOfHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenOfHash('#other=1')).toBeNull();
    expect(tokenOfHash('')).toBeNull();
  });
});

describe('useHashToken', () => {
  it('takes a token that arrives by a change of the hash alone, on a page already open', async () => {
    let navigate: ReturnType<typeof useNavigate> | undefined;
    let token: string | null | undefined;
    function Probe() {
      navigate = useNavigate();
      token = useHashToken();
      return null;
    }
    const router = createMemoryRouter([{ path: '/setup', element: <Probe /> }], { initialEntries: ['/setup'] });
    render(<RouterProvider router={router} />);
    expect(token).toBeNull();
    await act(async () => {
      await navigate!('/setup#token=pasted-into-the-same-tab');
    });
    expect(token).toBe('pasted-into-the-same-tab');
  });
});
