import { Button, Group } from '@mantine/core';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { PageLoader } from './page-loader';
import { PlaceholderDialog } from './placeholder-dialog';

interface LazyDialogFrameProps {
  /** The dialog's title, which its placeholders carry too. */
  title: string;
  onClose: () => void;
  /** What the placeholder says while the dialog's chunk downloads. */
  loadingLabel?: string;
  /** What it says when the chunk could not be downloaded. */
  failedTitle?: string;
  children: ReactNode;
}

/**
 * The frame of a dialog that lives in its own chunk: a placeholder dialog with the same title
 * while the chunk downloads, and, when it could not be downloaded (offline, or a new release
 * replaced it), one that says so instead of losing the page.
 */
export function LazyDialogFrame({
  title,
  onClose,
  loadingLabel = 'Loading',
  failedTitle = 'This dialog could not be loaded; reload the page to try again',
  children,
}: LazyDialogFrameProps) {
  return (
    <DialogLoadBoundary title={title} onClose={onClose} failedTitle={failedTitle}>
      <Suspense
        fallback={
          <PlaceholderDialog onClose={onClose} title={title}>
            <PageLoader label={loadingLabel} />
          </PlaceholderDialog>
        }
      >
        {children}
      </Suspense>
    </DialogLoadBoundary>
  );
}

class DialogLoadBoundary extends Component<{ title: string; onClose: () => void; failedTitle: string; children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <PlaceholderDialog onClose={this.props.onClose} title={this.props.title}>
        <ErrorAlert error={this.state.error} title={this.props.failedTitle} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={this.props.onClose}>
            Close
          </Button>
        </Group>
      </PlaceholderDialog>
    );
  }
}

/**
 * Gives focus back to the button that opened a dialog of this kind once it closes (call it in
 * the component mounted while the dialog is open). The placeholder dialog that can stand in
 * first takes focus, so the dialog's own Modal would give it back to that placeholder, gone by
 * then, and focus would fall to the page's start.
 */
export function useFocusBackOnClose(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
