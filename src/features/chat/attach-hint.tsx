import { Tooltip } from '@mantine/core';
import { ExistingElement } from '../../components/existing-element';

export interface AttachHintProps {
  /** The Attach button: it stays the composer's own, so it never changes under the pointer or focus. */
  anchor: HTMLElement;
  label: string;
  opened: boolean;
}

/** The Attach button's tooltip. Its own chunk (see composer.tsx): Tooltip brings the popover's positioning. */
export function AttachHint({ anchor, label, opened }: AttachHintProps) {
  return (
    <Tooltip label={label} opened={opened}>
      <ExistingElement element={anchor} />
    </Tooltip>
  );
}
