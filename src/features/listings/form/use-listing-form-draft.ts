import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  clearListingFormDraft,
  formParamOf,
  LISTING_FORM_PARAM,
  loadListingFormDraft,
  restorableValues,
  saveListingFormDraft,
  type ListingFormTarget,
} from './listing-form-draft';
import type { ListingFields, ListingFormValues } from './listing-form-schema';
import type { Listing } from '../parse-listing-row';
import { useStableSearchParams } from '../filters/use-stable-search-params';

/**
 * Which listing form is open, read from the URL so a reload (or a shared link) reopens it.
 * An edit form reopens from its draft, or else from the row on the page shown.
 */
export function useListingFormTarget(chatbotId: string, listings: readonly Listing[]) {
  const [searchParams, setSearchParams] = useStableSearchParams();
  const param = searchParams.get(LISTING_FORM_PARAM);

  const target = useMemo((): ListingFormTarget | null => {
    if (!param) return null;
    const draft = loadListingFormDraft(chatbotId, param);
    if (draft) return draft.target;
    if (param === 'new') return { mode: 'create' };
    const listing = listings.find((candidate) => String(candidate.ID) === param);
    return listing ? { mode: 'edit', listing } : null;
  }, [chatbotId, param, listings]);

  // Replacing the entry: Back leaves the page as it would have without the form.
  const openForm = useCallback(
    (next: ListingFormTarget) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set(LISTING_FORM_PARAM, formParamOf(next));
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  /** Closing is the end of the draft: the form was saved or its changes discarded. */
  const closeForm = useCallback(() => {
    clearListingFormDraft(chatbotId);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete(LISTING_FORM_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [chatbotId, setSearchParams]);

  return { formTarget: target, openForm, closeForm };
}

/**
 * Keeps what is typed into the open form in its draft, and lays a draft left by a reload
 * over the form's starting values (as changes, so closing still asks before discarding).
 * Returns whether it restored anything.
 */
export function useListingFormDraft(
  chatbotId: string,
  target: ListingFormTarget,
  form: UseFormReturn<ListingFormValues, unknown, ListingFields>,
): boolean {
  const [opened] = useState(() => {
    const draft = loadListingFormDraft(chatbotId, formParamOf(target));
    const restored = draft?.values ? restorableValues(form.getValues(), draft.values) : {};
    return { target, restored };
  });

  useEffect(() => {
    for (const [name, value] of Object.entries(opened.restored)) {
      form.setValue(name as keyof ListingFormValues, value as never, { shouldDirty: true });
    }
    if (Object.keys(opened.restored).length === 0) saveListingFormDraft(chatbotId, opened.target, null);
    // A subscription, not a watch hook: keeping the draft must not re-render the form on each keystroke.
    const subscription = form.watch((values) => saveListingFormDraft(chatbotId, opened.target, values as ListingFormValues));
    return () => subscription.unsubscribe();
  }, [chatbotId, form, opened]);

  return Object.keys(opened.restored).length > 0;
}
