import { lazy } from 'react';
import { loadOnce } from '../../../lib/load-once';
import { LazyDialogFrame } from '../../../components/lazy-dialog-frame';
import type { ExportDialogProps } from './export-dialog';

/** Its own chunk (papaparse among it), fetched when the user points at or focuses Export, at the latest on a press. */
export const preloadExportDialog = loadOnce(() => import('./export-dialog'));

const ExportDialog = lazy(() => preloadExportDialog().then((module) => ({ default: module.ExportDialog })));

export function LazyExportDialog(props: ExportDialogProps) {
  return (
    <LazyDialogFrame title="Export CSV" onClose={props.onClose}>
      <ExportDialog {...props} />
    </LazyDialogFrame>
  );
}
