import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

export const modelKeys = {
  all: ['models'] as const,
  lists: () => [...modelKeys.all, 'list'] as const,
};

export function modelListQueryOptions() {
  return queryOptions({
    queryKey: modelKeys.lists(),
    queryFn: ({ signal }) => apiFetch('ModelList', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
