import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type {
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
