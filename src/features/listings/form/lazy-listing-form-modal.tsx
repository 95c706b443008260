import { lazy } from 'react';
import { loadOnce } from '../../../lib/load-once';
import { LazyDialogFrame, useFocusBackOnClose } from '../../../components/lazy-dialog-frame';
import type * as ListingFormModule from './listing-form-modal';
import type { ListingFormTarget } from './listing-form-modal';

/**
 * The create/edit form lives in its own chunk (react-hook-form, the number inputs, the form
 * schema), so the list loads without it. It is fetched when the user is about to want it
 * (pointer over or focus on a create or edit button) and at the latest when the form opens.
 * Not on idle: an idle fetch right after the first paint would still compete with the
 * first load, and the local chunk arrives in a moment when the form opens.
 */
export const preloadListingForm: () => Promise<typeof ListingFormModule> = loadOnce(() => import('./listing-form-modal'));

const ListingFormModal = lazy(() => preloadListingForm().then((module) => ({ default: module.ListingFormModal })));

interface LazyListingFormModalProps {
  chatbotId: string;
  target: ListingFormTarget;
  onClose: () => void;
}

export function LazyListingFormModal(props: LazyListingFormModalProps) {
  const title = props.target.mode === 'edit' ? 'Edit listing' : 'Create listing';
  useFocusBackOnClose();
  return (
    <LazyDialogFrame title={title} onClose={props.onClose} loadingLabel="Loading the form" failedTitle="The form could not be loaded; reload the page to try again">
      <ListingFormModal {...props} />
    </LazyDialogFrame>
  );
}

