import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconColumns } from '@tabler/icons-react';
import { useCallback, useId, useState, type ComponentType } from 'react';
import { DOWNLOAD_FAILED_MESSAGE, loadOnce } from '../../../lib/load-once';
import type { ColumnPickerDropdownProps } from './column-picker-dropdown';

/** The dropdown's chunk, fetched when the user points at or focuses the button, at the latest on a press. */
const loadDropdown = loadOnce(() => import('./column-picker-dropdown').then((module) => module.ColumnPickerDropdown));

const preload = () => void loadDropdown().catch(() => undefined);

interface ColumnPickerProps {
  hidden: ReadonlySet<string>;
  onChange: (id: string, visible: boolean) => void;
}

/** The Columns button and, once pressed, the list of columns to show or hide. */
export function ColumnPicker({ hidden, onChange }: ColumnPickerProps) {
  const id = useId();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [opened, setOpened] = useState(false);
  const [Dropdown, setDropdown] = useState<ComponentType<ColumnPickerDropdownProps> | null>(null);
  const close = useCallback(() => setOpened(false), []);

  const toggle = () => {
    if (Dropdown) {
      setOpened((current) => !current);
      return;
    }
    loadDropdown().then(
      (loaded) => {
        setDropdown(() => loaded);
        setOpened(true);
      },
      () =>
        notifications.show({
          color: 'red',
          title: 'The column list could not be opened',
          message: DOWNLOAD_FAILED_MESSAGE,
        }),
    );
  };

  return (
    <>
      <Button
        ref={setButton}
        id={id}
        variant="default"
        leftSection={<IconColumns size={18} />}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-controls={opened ? `${id}-dropdown` : undefined}
        onClick={toggle}
        onPointerEnter={preload}
        onFocus={preload}
      >
        Columns
      </Button>
      {Dropdown && button && (
        <Dropdown anchor={button} id={id} opened={opened} onClose={close} hidden={hidden} onChange={onChange} />
      )}
    </>
  );
}
