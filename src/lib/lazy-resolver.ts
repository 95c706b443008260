import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { DOWNLOAD_FAILED_MESSAGE, loadOnce } from './load-once';

/**
 * A form's resolver whose code (zod's resolver, the schema) is fetched when it is first needed
 * (react-hook-form awaits a resolver: the first blur or submit waits for it) or by `preload`,
 * at an idle moment after the first paint: a form's first paint runs none of it. Should the
 * download fail, that check ends with a form-level error saying so (`errors.root`), not a
 * rejected submit, and the next check fetches it again.
 */
export function lazyResolver<Values extends FieldValues>(load: () => Promise<Resolver<Values>>) {
  const preload = loadOnce(load);
  const resolver: Resolver<Values> = async (values, context, options) => {
    let loaded: Resolver<Values>;
    try {
      loaded = await preload();
    } catch {
      // A form-level error, as for a concrete form; TypeScript cannot see `root` through a generic form's errors.
      return { values: {}, errors: { root: { type: 'download', message: DOWNLOAD_FAILED_MESSAGE } } as FieldErrors<Values> };
    }
    return loaded(values, context, options);
  };
  return { resolver, preload };
}
