import { ActionIcon, Alert, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconMovie, IconMusic, IconPhoto, IconX } from '@tabler/icons-react';
import type { AttachmentKind, AttachmentRefusal } from './attachment-rules';
import type { PendingAttachment } from './use-attachments';

export const KIND_ICONS: Record<AttachmentKind, typeof IconPhoto> = { image: IconPhoto, video: IconMovie, audio: IconMusic };

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface AttachmentListProps {
  items: PendingAttachment[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}

export function AttachmentList({ items, onRemove, onRetry }: AttachmentListProps) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6} role="list" aria-label="Attachments">
      {items.map((item) => {
        const Icon = KIND_ICONS[item.kind];
        const name = item.file.name;
        return (
          <Paper key={item.key} withBorder p={6} px="xs" radius="sm" role="listitem" aria-label={name}>
            <Group gap="xs" wrap="nowrap">
              <Icon size={18} stroke={1.6} aria-hidden />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {name}
                  </Text>
                  <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} style={{ flexShrink: 0 }}>
                    {item.status === 'uploading' && `Uploading ${Math.round(item.progress * 100)}%`}
                    {item.status === 'uploaded' && `Uploaded · ${formatSize(item.file.size)}`}
                    {item.status === 'failed' && 'Upload failed'}
                  </Text>
                </Group>
                {item.status === 'failed' ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" c="red" style={{ flex: 1 }}>
                      {item.error}
                    </Text>
                    <Button size="compact-xs" variant="light" onClick={() => onRetry(item.key)}>
                      Retry upload
                    </Button>
                  </Group>
                ) : (
                  <Progress
                    value={item.progress * 100}
                    size="sm"
                    color={item.status === 'uploaded' ? 'teal' : 'blue'}
                    aria-label={`Upload of ${name}`}
                    animated={item.status === 'uploading'}
                  />
                )}
              </Stack>
              <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${name}`} onClick={() => onRemove(item.key)}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function AttachmentRefusals({ refusals, onClose }: { refusals: AttachmentRefusal[]; onClose: () => void }) {
  if (refusals.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={refusals.length === 1 ? 'A file was not attached' : `${refusals.length} files were not attached`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {refusals.map((refusal, index) => (
          <List.Item key={`${refusal.fileName}-${index}`}>
            <Text span fw={600} size="sm">
              {refusal.fileName}
            </Text>{' '}
            {refusal.rule}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
