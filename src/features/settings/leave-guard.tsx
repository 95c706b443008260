import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useFullScreenDialog } from '../../components/use-full-screen-dialog';

interface LeaveGuardProps {
  /** Whether there are unsaved changes. */
  when: boolean;
  changedLabels: readonly string[];
  /** Called when the user chooses to leave without saving. */
  onDiscard: () => void;
}

/**
 * Asks before unsaved changes are left behind: in-app navigation and switching chatbot
 * (both go through the router) get a dialog; closing or reloading the tab gets the
 * browser's own prompt, the only one a page may show then.
 */
export function LeaveGuard({ when, changedLabels, onDiscard }: LeaveGuardProps) {
  const fullScreen = useFullScreenDialog();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    if (blocker.state !== 'blocked') return;
    onDiscard();
    blocker.proceed();
  };

  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title="Leave without saving?" centered fullScreen={fullScreen}>
      <Text size="sm">
        {changedLabels.length === 1 ? 'This field has' : `These ${changedLabels.length} fields have`} unsaved changes:
      </Text>
      <List size="sm" my="xs" withPadding>
        {changedLabels.slice(0, 8).map((label) => (
          <List.Item key={label}>{label}</List.Item>
        ))}
        {changedLabels.length > 8 && <List.Item>and {changedLabels.length - 8} more</List.Item>}
      </List>
      <Text size="sm">If you leave now, they are discarded.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={stay} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={leave}>
          Discard changes and leave
        </Button>
      </Group>
    </Modal>
  );
}
