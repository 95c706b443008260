import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleFetch, isConsoleError } from './console-fetch';
import { onUnauthorized as onSessionEnded } from './session-ended';

// The console's routes are not served yet by the local service: the answers are stubbed at fetch.
afterEach(() => vi.restoreAllMocks());

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const failure = (code: number, message: string) => answer({ Data: null, Version: '1', Success: false, Code: code, Message: message }, code);

describe('consoleFetch', () => {
  it('unwraps the envelope and checks Data against the contract', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ Data: { devices: [] }, Version: '1', Success: true, Code: 200, Message: '' }));
    await expect(consoleFetch({ method: 'GET', path: '/console/account/sessions', answer: (c) => c.deviceListSchema })).resolves.toEqual({ devices: [] });
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ Data: { devices: 'none' }, Version: '1', Success: true, Code: 200, Message: '' }));
    await expect(consoleFetch({ method: 'GET', path: '/console/account/sessions', answer: (c) => c.deviceListSchema })).rejects.toThrow(/unexpected Data.devices/);
  });

  it('throws the status, the Message and the field it names', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(failure(400, 'password: must be at least 12 characters'));
    const error = await consoleFetch({ method: 'POST', path: '/console/setup', body: {}, anonymous: true }).catch((caught: unknown) => caught);
    expect(isConsoleError(error) && [error.status, error.message, error.field, error.fieldText]).toEqual([
      400,
      'password: must be at least 12 characters',
      'password',
      'must be at least 12 characters',
    ]);
  });

  it('reports an ended session, but not a refused sign-in', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => failure(401, 'The email or password is incorrect'));
    await expect(consoleFetch({ method: 'POST', path: '/console/sign-in', body: {}, anonymous: true })).rejects.toThrow('The email or password is incorrect');
    expect(ended).not.toHaveBeenCalled();
    await expect(consoleFetch({ method: 'GET', path: '/console/members' })).rejects.toThrow();
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says when the service could not be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await consoleFetch({ method: 'GET', path: '/console/members' }).catch((caught: unknown) => caught);
    expect(isConsoleError(error) && error.isOffline).toBe(true);
  });
});
