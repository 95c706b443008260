import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';
import { DOWNLOAD_FAILED_MESSAGE } from './load-once';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('checks with the resolver it fetched on first use, fetched once', async () => {
    const check = vi.fn<Resolver<Values>>(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => check);
    const { resolver } = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    await resolver({ name: 'b' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('a failed download ends that check with a form-level error, and the next check fetches again', async () => {
    const check: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(check);
    const { resolver } = lazyResolver<Values>(load);
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({
      values: {},
      errors: { root: { type: 'download', message: DOWNLOAD_FAILED_MESSAGE } },
    });
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload fetches it ahead of the first check', async () => {
    const load = vi.fn(async (): Promise<Resolver<Values>> => async (values) => ({ values, errors: {} }));
    const { resolver, preload } = lazyResolver<Values>(load);
    await preload();
    await resolver({ name: 'a' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
