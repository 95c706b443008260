import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react`: one callback ref that sets
 * every ref given (and runs their cleanups), as floating-ui's `useMergeRefs` does.
 * Mantine's own hook does the same. See scroll-area-without-floating-ui.ts for why.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
