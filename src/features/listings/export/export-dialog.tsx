import { Alert, Button, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { hasFilters, type ListingView } from '../filters/listing-view';
import { CSV_FIELDS, csvFieldsOfColumns, listingsCsvHeader, listingsCsvRows, withoutUnknownFields, type CsvField } from './listing-csv';
import { exportFileName, readAllListings } from './fetch-all-listings';
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

/** Text of this many pages (of 100 listings) becomes one Blob: about half a megabyte. */
const PAGES_PER_BLOB = 10;

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
      const chosen = columns === 'all' ? CSV_FIELDS : csvFieldsOfColumns(shownColumns);
      // Written page by page as the pages come, and turned into bytes every few pages: no long
      // task, and neither 100,000 listings nor one 50 MB string held at once. The header waits
      // for the first page, which tells whether the service's list gives Location.
      const written: Blob[] = [];
      let fields: readonly CsvField[] | null = null;
      let parts: string[] = [];
      const count = await readAllListings({
        chatbotId,
        view,
        signal: abort.signal,
        onPage: (page) => {
          if (!fields) {
            fields = withoutUnknownFields(chosen, page);
            parts.push(listingsCsvHeader(fields));
          }
          parts.push(listingsCsvRows(page, fields));
          if (parts.length >= PAGES_PER_BLOB) {
            written.push(new Blob(parts));
            parts = [];
          }
        },
        onProgress: (progress) => setPhase({ name: 'running', ...progress, elapsedMs: performance.now() - started }),
      });
      if (!fields) parts.push(listingsCsvHeader(withoutUnknownFields(chosen, [])));
      const fileName = exportFileName(chatbotId);
      downloadCsv([...written, ...parts], fileName);
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
