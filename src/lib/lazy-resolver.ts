import type * as ZodResolvers from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

type ZodResolverModule = typeof ZodResolvers;

/**
 * A form's zod resolver, fetched when it is first needed (react-hook-form awaits a resolver: the
 * first blur or Save waits for it) or by `preload`, at an idle moment after the first paint. A
 * form's first paint runs none of it, and it was about 1 KB gzipped of every first visit of the
 * settings. A failed download fails that validation and is fetched again by the next one.
 */
export function lazyResolver<Values extends FieldValues>(make: (module: ZodResolverModule) => Resolver<Values>) {
  const load = loadOnce(() => import('@hookform/resolvers/zod').then(make));
  const resolver: Resolver<Values> = async (values, context, options) => (await load())(values, context, options);
  return { resolver, preload: load };
}
