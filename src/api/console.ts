import { queryOptions } from '@tanstack/react-query';
import { requestBootstrap } from './bootstrap-request';
import type { Bootstrap } from './contract/bootstrap';

export type { Bootstrap };

export const consoleKeys = {
  all: ['console'] as const,
  bootstrap: () => [...consoleKeys.all, 'bootstrap'] as const,
};

export async function fetchBootstrap(signal?: AbortSignal): Promise<Bootstrap | null> {
  try {
    // The schema (and zod) stay out of the entry chunk; they download beside the request.
    const schema = import('./contract/bootstrap');
    schema.catch(() => undefined);
    const response = await requestBootstrap(signal);
    if (!response.ok) return null;
    const { bootstrapSchema } = await schema;
    const parsed = bootstrapSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    // A static host without our server: the user connects by hand.
    return null;
  }
}

export function bootstrapQueryOptions() {
  return queryOptions({
    queryKey: consoleKeys.bootstrap(),
    queryFn: ({ signal }) => fetchBootstrap(signal),
    staleTime: Infinity,
    retry: false,
  });
}
