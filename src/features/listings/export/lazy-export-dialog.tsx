import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { loadOnce } from '../../../lib/load-once';
import { PlaceholderDialog } from '../form/placeholder-dialog';
import { DialogLoadBoundary } from '../status/lazy-bulk-status-dialog';
import type { ExportDialogProps } from './export-dialog';

/** Its own chunk (papaparse among it), fetched when the user points at or focuses Export, at the latest on a press. */
export const preloadExportDialog = loadOnce(() => import('./export-dialog'));

const ExportDialog = lazy(() => preloadExportDialog().then((module) => ({ default: module.ExportDialog })));

export function LazyExportDialog(props: ExportDialogProps) {
  return (
    <DialogLoadBoundary title="Export CSV" onClose={props.onClose}>
    <Suspense
      fallback={
        <PlaceholderDialog onClose={props.onClose} title="Export CSV">
          <PageLoader label="Loading" />
        </PlaceholderDialog>
      }
    >
      <ExportDialog {...props} />
    </Suspense>
    </DialogLoadBoundary>
  );
}
