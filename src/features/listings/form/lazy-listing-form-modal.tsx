import { Button, Group } from '@mantine/core';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { loadOnce } from '../../../lib/load-once';
import { PageLoader } from '../../../components/page-loader';
import type * as ListingFormModule from './listing-form-modal';
import type { ListingFormTarget } from './listing-form-modal';
import { PlaceholderDialog } from './placeholder-dialog';

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
    <FormLoadBoundary title={title} onClose={props.onClose}>
      <Suspense
        fallback={
          <PlaceholderDialog onClose={props.onClose} title={title}>
            <PageLoader label="Loading the form" />
          </PlaceholderDialog>
        }
      >
        <ListingFormModal {...props} />
      </Suspense>
    </FormLoadBoundary>
  );
}

/**
 * Gives focus back to the button that opened the form once it closes. The placeholder dialog
 * that can stand in first takes focus, so the form's Modal would give it back to that
 * placeholder, gone by then, and focus would fall to the page's start.
 */
function useFocusBackOnClose() {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}

interface BoundaryProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The form's chunk failed to load (offline, or a new release replaced it): say so instead of losing the page. */
class FormLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <PlaceholderDialog onClose={this.props.onClose} title={this.props.title}>
        <ErrorAlert error={this.state.error} title="The form could not be loaded; reload the page to try again" />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={this.props.onClose}>
            Close
          </Button>
        </Group>
      </PlaceholderDialog>
    );
  }
}
