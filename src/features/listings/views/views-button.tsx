import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconChevronDown } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { DOWNLOAD_FAILED_MESSAGE, loadOnce } from '../../../lib/load-once';
import type { ViewsMenuProps } from './views-menu';

/** The menu and its dialogs are their own chunk, fetched when the user points at or focuses the button. */
const loadMenu = loadOnce(() => import('./views-menu').then((module) => module.ViewsMenu));
const preload = () => void loadMenu().catch(() => undefined);

/**
 * The Views button. Until it is first pressed it is this plain button, so pointing at or
 * focusing it never swaps the element under the pointer or the focus; the press loads the
 * menu (if the pointer has not already) and opens it.
 */
export function ViewsButton(props: Omit<ViewsMenuProps, 'defaultOpened'>) {
  const [Menu, setMenu] = useState<ComponentType<ViewsMenuProps> | null>(null);
  if (Menu) return <Menu {...props} defaultOpened />;
  return (
    <Button
      variant="default"
      leftSection={<IconBookmark size={18} />}
      rightSection={<IconChevronDown size={16} />}
      aria-haspopup="menu"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() =>
        loadMenu().then(
          (loaded) => setMenu(() => loaded),
          () =>
            notifications.show({
              color: 'red',
              title: 'The views could not be opened',
              message: DOWNLOAD_FAILED_MESSAGE,
            }),
        )
      }
    >
      Views
    </Button>
  );
}
