import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useFullScreenDialog } from '../../components/use-full-screen-dialog';

export interface LeaveDialogProps {
  changedLabels: readonly string[];
  onStay: () => void;
  onLeave: () => void;
}

/** "Leave without saving?": names what would be lost. A chunk of its own (leave-guard.tsx loads it). */
export function LeaveDialog({ changedLabels, onStay, onLeave }: LeaveDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Modal opened onClose={onStay} title="Leave without saving?" centered fullScreen={fullScreen}>
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
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={onLeave}>
          Discard changes and leave
        </Button>
      </Group>
    </Modal>
  );
}
