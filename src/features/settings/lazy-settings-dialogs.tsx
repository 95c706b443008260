import { Component, lazy, Suspense, type ReactNode } from 'react';
import { LazyDialogFrame } from '../../components/lazy-dialog-frame';
import { loadOnce } from '../../lib/load-once';
import type { ConflictModalProps } from './conflict/conflict-modal';
import type { MergedSave } from './conflict/merged-notice';
import type { CopySettingsModalProps } from './copy/copy-settings-modal';
import type { HistoryDrawerProps } from './history/history-drawer';

/*
 * The settings page's dialogs, each a chunk of its own: a first visit opens the form, not the
 * history (with its diff library), the copy dialog or the conflict dialog, and need not
 * download them (the first-visit budget, e2e/first-visit-weight.spec.ts). A button's pointer
 * or focus starts the download, so the dialog is usually there by the press.
 */

export const preloadHistoryDrawer = loadOnce(() => import('./history/history-drawer'));
export const preloadCopySettingsModal = loadOnce(() => import('./copy/copy-settings-modal'));
const preloadConflictModal = loadOnce(() => import('./conflict/conflict-modal'));

const HistoryDrawer = lazy(() => preloadHistoryDrawer().then((module) => ({ default: module.HistoryDrawer })));
const CopySettingsModal = lazy(() => preloadCopySettingsModal().then((module) => ({ default: module.CopySettingsModal })));
const ConflictModal = lazy(() => preloadConflictModal().then((module) => ({ default: module.ConflictModal })));

export function LazyHistoryDrawer(props: HistoryDrawerProps) {
  return (
    <LazyDialogFrame title="Settings history" onClose={props.onClose}>
      <HistoryDrawer {...props} />
    </LazyDialogFrame>
  );
}

export function LazyCopySettingsModal(props: CopySettingsModalProps) {
  return (
    <LazyDialogFrame title="Copy settings to another chatbot" onClose={props.onClose}>
      <CopySettingsModal {...props} />
    </LazyDialogFrame>
  );
}

/** Opened by a save that meets a change made elsewhere; closing its placeholder cancels that save, as the dialog's own Cancel does. */
export function LazyConflictModal(props: ConflictModalProps) {
  return (
    <LazyDialogFrame title="The settings changed while you were editing" onClose={props.onCancel}>
      <ConflictModal {...props} />
    </LazyDialogFrame>
  );
}

const MergedNotice = lazy(() => import('./conflict/merged-notice').then((module) => ({ default: module.MergedNotice })));

/**
 * The notice after a save merged with a change made elsewhere (it shows the merge as a diff,
 * with the diff library): drawn once its chunk arrives, a moment after the save; should the
 * download fail, the save stands and the page's "Settings saved" said so already.
 */
export function LazyMergedNotice(props: MergedSave & { onDismiss: () => void }) {
  return (
    <NothingOnFailure>
      <Suspense fallback={null}>
        <MergedNotice {...props} />
      </Suspense>
    </NothingOnFailure>
  );
}

class NothingOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
