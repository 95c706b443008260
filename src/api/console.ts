import { queryOptions } from '@tanstack/react-query';
import { fetchBootstrap } from './fetch-bootstrap';
import type { Bootstrap } from './contract/bootstrap';

export type { Bootstrap };

export const consoleKeys = {
  all: ['console'] as const,
  bootstrap: () => [...consoleKeys.all, 'bootstrap'] as const,
};

export function bootstrapQueryOptions() {
  return queryOptions({
    queryKey: consoleKeys.bootstrap(),
    queryFn: ({ signal }) => fetchBootstrap(signal),
    staleTime: Infinity,
    retry: false,
  });
}
