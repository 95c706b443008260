import { lazy } from 'react';
import { loadOnce } from '../../../lib/load-once';
import { LazyDialogFrame } from '../../../components/lazy-dialog-frame';
import type { ImportDialogProps } from './import-dialog';

/** Its own chunk (papaparse's writer, the import's logic; the parser runs in a worker), fetched on intent. */
export const preloadImportDialog = loadOnce(() => import('./import-dialog'));

const ImportDialog = lazy(() => preloadImportDialog().then((module) => ({ default: module.ImportDialog })));

export function LazyImportDialog(props: ImportDialogProps) {
  return (
    <LazyDialogFrame title="Import CSV" onClose={props.onClose}>
      <ImportDialog {...props} />
    </LazyDialogFrame>
  );
}
