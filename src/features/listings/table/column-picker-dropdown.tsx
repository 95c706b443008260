import { Checkbox, Popover, Stack } from '@mantine/core';
import { ExistingElement } from '../../../components/existing-element';
import { LISTING_COLUMNS } from './listing-columns';

export interface ColumnPickerDropdownProps {
  /** The Columns button: it stays the page's own, so it never changes under the pointer or focus. */
  anchor: HTMLElement;
  /** The popover's id; the button names `${id}-dropdown` as what it controls. */
  id: string;
  opened: boolean;
  onClose: () => void;
  hidden: ReadonlySet<string>;
  onChange: (id: string, visible: boolean) => void;
}

/**
 * The list of columns to show, in a popover under the Columns button. Its own chunk: the
 * popover's positioning is a large share of a page's scripts, and the list is wanted only
 * once the button is pressed.
 */
export function ColumnPickerDropdown({ anchor, id, opened, onClose, hidden, onChange }: ColumnPickerDropdownProps) {
  return (
    <Popover id={id} opened={opened} onChange={(next) => !next && onClose()} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ExistingElement element={anchor} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Shown columns">
          {LISTING_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              label={column.header}
              checked={!hidden.has(column.id)}
              onChange={(event) => onChange(column.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
