import { onlineManager } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { saveConnection, emptyConnection } from '../api/credentials';
import { checkService, watchServiceStatus } from './service-status';

/** The service as fetch sees it: down (every request fails to connect) or up (health ok). */
function serviceIs(state: 'down' | 'up') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (state === 'down') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('service status', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    saveConnection({ ...emptyConnection, chatbotIds: ['bot-a'] });
    stop = watchServiceStatus();
  });
  afterEach(async () => {
    serviceIs('up');
    await checkService();
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes offline when a request gets no answer and the probe fails, and online when the probe answers', async () => {
    const calls = serviceIs('down');
    await expect(apiFetch('ModelList', undefined)).rejects.toMatchObject({ status: 0 });
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    expect(calls).toContain('/console/health');

    // Still down: it keeps probing by itself, never with a key in the address.
    const probesBefore = calls.filter((url) => url === '/console/health').length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.filter((url) => url === '/console/health').length).toBe(probesBefore + 1);
    expect(onlineManager.isOnline()).toBe(false);

    serviceIs('up');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('stays online when the probe finds the service answering after all', async () => {
    serviceIs('down');
    const request = apiFetch('ModelList', undefined).catch(() => undefined);
    serviceIs('up');
    await request;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('goes online as soon as any request is answered', async () => {
    serviceIs('down');
    await apiFetch('ModelList', undefined).catch(() => undefined);
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    const calls = serviceIs('up');
    await apiFetch('ModelList', undefined).catch(() => undefined);
    expect(onlineManager.isOnline()).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
