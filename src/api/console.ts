import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * What the server beside the app says about itself (not part of the hosted interface):
 * local service or proxy, the chatbots it seeded, and the demo keys when it still uses
 * them, so a new user is connected without typing anything.
 */
export const bootstrapSchema = z.object({
  mode: z.enum(['local', 'proxy']),
  chatbotIds: z.array(z.string()),
  secretKey: z.string().optional(),
  sessionKey: z.string().optional(),
  keysHeldByServer: z.boolean(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

export const consoleKeys = {
  all: ['console'] as const,
  bootstrap: () => [...consoleKeys.all, 'bootstrap'] as const,
};

export async function fetchBootstrap(signal?: AbortSignal): Promise<Bootstrap | null> {
  try {
    const response = await fetch('/console/bootstrap', { signal });
    if (!response.ok) return null;
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
