import { Button, getDefaultZIndex, Group, Modal, Stack } from '@mantine/core';
import type { ConfirmRequest } from './confirm';
import { useFullScreenDialog } from './use-full-screen-dialog';

export type ConfirmAnswer = 'confirm' | 'cancel';

export interface ConfirmDialogProps {
  /** The confirmation on screen (or closing); null when there is none. */
  request: ConfirmRequest | null;
  opened: boolean;
  /** The user answered: Confirm, or Cancel, Escape, the close button or a click outside. */
  onAnswer: (answer: ConfirmAnswer) => void;
  /** The dialog has finished closing: the next confirmation may open. */
  onClosed: () => void;
}

/**
 * The dialog the confirmations share, mounted once and opened for each. The host returns
 * focus to what asked (Mantine's own return notes the focus when `opened` turns true, which a
 * dialog mounted open, as the first one is once its code arrives, never sees).
 */
/**
 * Above every other dialog: a confirmation is asked for from one (Discard changes? from the
 * listing form), and this dialog, mounted once when its code arrives, may sit earlier in the
 * page than the dialog that asks.
 */
const ABOVE_OTHER_DIALOGS = getDefaultZIndex('modal') + 10;

export function ConfirmDialog({ request, opened, onAnswer, onClosed }: ConfirmDialogProps) {
  // Every confirmation takes the whole screen on a phone, as the app's other dialogs do.
  const fullScreen = useFullScreenDialog();
  return (
    <Modal opened={opened} returnFocus={false} zIndex={ABOVE_OTHER_DIALOGS} onClose={() => onAnswer('cancel')} onExitTransitionEnd={onClosed} title={request?.title} fullScreen={fullScreen}>
      {request && (
        <Stack>
          {request.message}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onAnswer('cancel')}>
              {request.cancelLabel ?? 'Cancel'}
            </Button>
            <Button color={request.destructive ? 'red' : undefined} onClick={() => onAnswer('confirm')}>
              {request.confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
