import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/**
 * Retries only what a retry can fix: a service that could not be reached or a 5xx.
 * A 4xx answer (bad input, credentials, unknown chatbot, limits) will not change by asking again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      // A save is never held back while the service is offline: it fails at once, so the form
      // keeps what was typed and says why (see service-status.ts for queries).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
