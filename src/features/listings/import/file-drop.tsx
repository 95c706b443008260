import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';

/** A CSV file chosen with the button or dropped on the area (a fixed file can be dropped again at any step). */
export function FileDrop({ onFile, compact = false }: { onFile: (file: File) => void; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const dragHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(false);
      take(event.dataTransfer.files);
    },
  };
  const button = (
    <Button variant={compact ? 'default' : 'filled'} leftSection={<IconFileUpload size={18} />} onClick={() => input.current?.click()}>
      {compact ? 'Choose another file' : 'Choose a CSV file'}
    </Button>
  );
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="CSV file"
        data-testid="import-file-input"
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {compact ? (
        <div {...dragHandlers}>{button}</div>
      ) : (
        <Paper
          withBorder
          p="xl"
          data-testid="import-drop-zone"
          style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined }}
          {...dragHandlers}
        >
          <Stack align="center" gap="sm">
            <Text size="sm" ta="center">
              Drop a CSV file here, or
            </Text>
            {button}
            <Text size="xs" c="dimmed" ta="center">
              The first row names the columns, as in a file exported here. Up to 100,000 rows.
            </Text>
          </Stack>
        </Paper>
      )}
    </>
  );
}
