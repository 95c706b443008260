import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type {
  BatchRequest,
  CreateListingRequest,
  DeleteListingsRequest,
  ListListingsRequest,
  UpdateListingRequest,
} from './contract';

export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (request: ListListingsRequest) => [...listingKeys.lists(), request] as const,
};

/** One page of a chatbot's listings; the previous page stays on screen while the next loads. */
export function listingListQueryOptions(request: ListListingsRequest) {
  return queryOptions({
    queryKey: listingKeys.list(request),
    queryFn: ({ signal }) => apiFetch('RealEstateList', request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * Many creates and updates in one request (RealEstateBatch, the local service's addition; a
 * service without it answers 404 with no field named, see `isMissingOperation`). Not a mutation
 * hook: the import calls it from its session above the routes and refreshes the table once at
 * its end.
 */
export function sendListingBatch(body: BatchRequest, signal?: AbortSignal) {
  return apiFetch('RealEstateBatch', body, { signal });
}

function useInvalidateListings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
}

export function useCreateListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: (body: CreateListingRequest) => apiFetch('RealEstateCreate', body),
    onSuccess: invalidate,
  });
}

export function useUpdateListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: (body: UpdateListingRequest) => apiFetch('RealEstateUpdate', body),
    onSuccess: invalidate,
  });
}

export function useDeleteListings() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: (body: DeleteListingsRequest) => apiFetch('RealEstateDelete', body),
    onSuccess: invalidate,
  });
}
