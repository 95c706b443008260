import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('starts the load once and shares its result', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const get = loadOnce(load);
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe('chunk');
    expect(second).toBe('chunk');
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure, and keeps what then arrives', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('chunk');
    await expect(get()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
