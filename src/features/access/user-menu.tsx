import { Button, Paper, Stack, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconHistory, IconLogout, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../../api/access';
import type { Member } from '../../api/contract/bootstrap';
import classes from './user-menu.module.css';

interface UserMenuProps {
  member: Member;
  /** Whether to offer the Members page. */
  canManageMembers: boolean;
  /** Whether to offer the Activity page (not to a Viewer, whom the server refuses it). */
  canViewActivity: boolean;
}

/**
 * The signed-in member's name in the header, opening their links and Sign out. A disclosure
 * (a button that shows a list of links) rather than Mantine's Menu: it is on every page, and
 * Menu would bring popover positioning into the first page load.
 */
export function UserMenu({ member, canManageMembers, canViewActivity }: UserMenuProps) {
  const location = useLocation();
  // Open on the page where it was opened: any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === location.key;
  const setOpened = (open: boolean) => setOpenedAt(open ? location.key : null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const signOut = useSignOut();

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    // Tabbing out of it closes it, as a click elsewhere does.
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [opened]);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/sign-in', { replace: true }),
      onError: (error) => notifications.show({ color: 'red', title: 'You are still signed in', message: error.message }),
    });

  return (
    <div ref={rootRef} className={classes.root}>
      <UnstyledButton
        ref={buttonRef}
        className={classes.trigger}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened(!opened)}
      >
        <IconUserCircle size={22} stroke={1.6} aria-hidden />
        <span className={classes.name}>{member.name}</span>
        <IconChevronDown size={14} aria-hidden className={classes.chevron} />
      </UnstyledButton>
      <Paper id={panelId} hidden={!opened} withBorder shadow="md" p={6} className={classes.panel}>
        <Stack gap={2} component="ul" className={classes.list}>
          <li>
            <Link to="/account" className={classes.item}>
              <IconUserCircle size={16} aria-hidden />
              Your account
            </Link>
          </li>
          {canManageMembers && (
            <li>
              <Link to="/members" className={classes.item}>
                <IconUsers size={16} aria-hidden />
                Members
              </Link>
            </li>
          )}
          {canViewActivity && (
            <li>
              <Link to="/activity" className={classes.item}>
                <IconHistory size={16} aria-hidden />
                Activity
              </Link>
            </li>
          )}
          <li>
            <Button
              variant="subtle"
              color="gray"
              justify="flex-start"
              fullWidth
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={onSignOut}
              loading={signOut.isPending}
              className={classes.signOut}
            >
              Sign out
            </Button>
          </li>
        </Stack>
      </Paper>
    </div>
  );
}
