import { Button, Group } from '@mantine/core';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoader } from '../../../components/page-loader';
import { loadOnce } from '../../../lib/load-once';
import { PlaceholderDialog } from '../form/placeholder-dialog';
import type { BulkStatusDialogProps } from './bulk-status-dialog';

/** Its own chunk, fetched when the user points at or focuses "Set status", at the latest on a press. */
export const preloadBulkStatusDialog = loadOnce(() => import('./bulk-status-dialog'));

const BulkStatusDialog = lazy(() => preloadBulkStatusDialog().then((module) => ({ default: module.BulkStatusDialog })));

const TITLE = 'Set status';

export function LazyBulkStatusDialog(props: BulkStatusDialogProps) {
  return (
    <DialogLoadBoundary title={TITLE} onClose={props.onClose}>
      <Suspense
        fallback={
          <PlaceholderDialog onClose={props.onClose} title={TITLE}>
            <PageLoader label="Loading" />
          </PlaceholderDialog>
        }
      >
        <BulkStatusDialog {...props} />
      </Suspense>
    </DialogLoadBoundary>
  );
}

/** The chunk failed to load (offline, or a new release replaced it): say so instead of losing the page. */
export class DialogLoadBoundary extends Component<{ title: string; onClose: () => void; children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <PlaceholderDialog onClose={this.props.onClose} title={this.props.title}>
        <ErrorAlert error={this.state.error} title="This dialog could not be loaded; reload the page to try again" />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={this.props.onClose}>
            Close
          </Button>
        </Group>
      </PlaceholderDialog>
    );
  }
}
