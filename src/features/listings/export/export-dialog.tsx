import { Alert, Button, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { hasFilters, type ListingView } from '../filters/listing-view';
import { CSV_FIELDS, csvFieldsOfColumns } from './listing-csv';
import { exportFileName } from './fetch-all-listings';
import { exportListingsCsv } from './export-listings';
import { downloadCsv } from '../download-csv';
import { describeRate } from '../transfer-rate';

export interface ExportDialogProps {
  chatbotId: string;
  /** The filters to export by (every page of them). */
  view: ListingView;
  /** How many listings match, as the table last said. */
  total: number;
  shownColumns: readonly string[];
  onClose: () => void;
}

type Phase = { name: 'choose'; error?: string } | { name: 'running'; done: number; total: number; elapsedMs: number };

const plural = (count: number) => `${count} ${count === 1 ? 'listing' : 'listings'}`;

/** Exports every listing matching the filters as CSV: shown columns or all fields, with progress and Cancel. */
export function ExportDialog({ chatbotId, view, total, shownColumns, onClose }: ExportDialogProps) {
  const fullScreen = useFullScreenDialog();
  const [columns, setColumns] = useState<'shown' | 'all'>('shown');
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const controller = useRef<AbortController | null>(null);
  // Closing the dialog (or leaving the page) cancels an export under way.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ name: 'running', done: 0, total, elapsedMs: 0 });
    const started = performance.now();
    try {
      const { parts, count } = await exportListingsCsv({
        chatbotId,
        view,
        fields: columns === 'all' ? CSV_FIELDS : csvFieldsOfColumns(shownColumns),
        signal: abort.signal,
        onProgress: (progress) => setPhase({ name: 'running', ...progress, elapsedMs: performance.now() - started }),
      });
      const fileName = exportFileName(chatbotId);
      downloadCsv(parts, fileName);
      notifications.show({ color: 'green', title: 'Listings exported', message: `${plural(count)} in ${fileName}.` });
      onClose();
    } catch (error) {
      if (abort.signal.aborted) {
        setPhase({ name: 'choose' });
        return;
      }
      setPhase({ name: 'choose', error: error instanceof Error ? error.message : 'The listings could not be read.' });
    } finally {
      controller.current = null;
    }
  };

  const running = phase.name === 'running';
  return (
    <Modal opened onClose={onClose} title="Export CSV" fullScreen={fullScreen} centered closeOnClickOutside={!running}>
      {phase.name === 'choose' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {hasFilters(view)
                ? `${plural(total)} match the current filters; all of them are exported, not only this page.`
                : `All ${plural(total)} are exported, not only this page.`}
            </Text>
            <Radio.Group label="Columns" value={columns} onChange={(value) => setColumns(value === 'all' ? 'all' : 'shown')}>
              <Stack gap="xs" mt="xs">
                <Radio value="shown" label={`The columns shown in the table (${shownColumns.length})`} />
                <Radio value="all" label="Every field" />
              </Stack>
            </Radio.Group>
            <Text size="xs" c="dimmed">
              The header row has the interface&apos;s field names and the listing ID; Images and ExtensionColumn are written as
              JSON, as the service lists them.
            </Text>
            {phase.error && (
              <Alert color="red" title="The export failed">
                {phase.error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={total === 0}>
                {`Export ${plural(total)}`}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Text size="sm" aria-live="polite">{`Read ${phase.done} of ${phase.total} listings…`}</Text>
          {/* No stripes and no easing: either repaints the bar in every frame of an export that keeps the main thread busy (see docs/performance.md). */}
          <Progress value={phase.total === 0 ? 0 : (phase.done / phase.total) * 100} transitionDuration={0} aria-label="Export progress" />
          <Text size="sm" c="dimmed" data-testid="export-rate">
            {describeRate({ done: phase.done, total: phase.total, elapsedMs: phase.elapsedMs, unit: 'rows' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => controller.current?.abort()} data-autofocus>
              Cancel export
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
