import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SessionsDrawerProps {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The session list as a drawer, below `md`. Its own chunk (see lazy-sessions-drawer.tsx):
 * Drawer brings ModalBase, react-remove-scroll and the focus trap, none of which the chat's
 * first paint draws.
 */
export function SessionsDrawer({ opened, onClose, children }: SessionsDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Chat sessions" size="min(320px, 85vw)">
      {children}
    </Drawer>
  );
}
