import { lazy } from 'react';
import { loadOnce } from '../../../lib/load-once';
import { LazyDialogFrame } from '../../../components/lazy-dialog-frame';
import type { BulkStatusDialogProps } from './bulk-status-dialog';

/** Its own chunk, fetched when the user points at or focuses "Set status", at the latest on a press. */
export const preloadBulkStatusDialog = loadOnce(() => import('./bulk-status-dialog'));

const BulkStatusDialog = lazy(() => preloadBulkStatusDialog().then((module) => ({ default: module.BulkStatusDialog })));

export function LazyBulkStatusDialog(props: BulkStatusDialogProps) {
  return (
    <LazyDialogFrame title="Set status" onClose={props.onClose}>
      <BulkStatusDialog {...props} />
    </LazyDialogFrame>
  );
}
