import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExistingElement } from '../../components/existing-element';

export interface SessionMenuProps {
  /** The row's "…" button: it stays the row's own, so it never changes under the pointer or focus. */
  anchor: HTMLElement;
  /** The menu's id; the button names `${id}-dropdown` as what it controls. */
  id: string;
  opened: boolean;
  onClose: () => void;
  /** What the menu offers (the row names them, with their icons). */
  items: readonly SessionMenuItem[];
}

export interface SessionMenuItem {
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
}

/**
 * A session's actions, in a menu under its "…" button. Its own chunk (see session-list.tsx):
 * Menu brings the popover's positioning, which the chat's first paint does not need.
 */
export function SessionMenu({ anchor, id, opened, onClose, items }: SessionMenuProps) {
  return (
    <Menu id={id} opened={opened} onChange={(next) => !next && onClose()} position="bottom-end" withinPortal>
      <Menu.Target>
        <ExistingElement element={anchor} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.color} leftSection={item.icon} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
