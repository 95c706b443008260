import { useEffect, useId, useRef, type ReactNode } from 'react';
import classes from './placeholder-dialog.module.css';

interface PlaceholderDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Stands in for a dialog (the listing form, the settings history) while its chunk loads, or says why it could not. A native
 * modal <dialog>: the browser traps focus, dims the page and closes it on Escape, so the
 * listings page does not carry Mantine's Modal (its portal, focus trap and scroll lock) into
 * the first load for a moment's spinner. The form itself is a Mantine Modal in its own chunk.
 */
export function PlaceholderDialog({ title, onClose, children }: PlaceholderDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // jsdom has no showModal(); there the open attribute alone shows the dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className={classes.dialog}
      // Escape: the parent decides (it unmounts this dialog), as with the form's own Modal.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
