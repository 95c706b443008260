import { Alert, Button, Group, Loader, Modal, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { listingKeys } from '../../../api/listings';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { downloadCsv } from '../download-csv';
import { describeRate } from '../transfer-rate';
import type { ColumnMapping } from './column-mapping';
import { ColumnMappingFields } from './column-mapping-fields';
import { FileDrop } from './file-drop';
import { matchKeyOf, type MatchBy } from './import-row';
import type { ImportFailure } from './import-runner';
import { ImportPreview, RowIssueList } from './import-preview';
import type { ValidRow } from './validate-file';
import { countUpdates, importSessionOf, invalidRowFailures, type ImportSession, type ImportState } from './import-session';

export interface ImportDialogProps {
  chatbotId: string;
  onClose: () => void;
}

const MATCH_OPTIONS: Array<{ value: MatchBy; label: string }> = [
  { value: 'MLSNumber', label: 'MLS number: a row with the MLS number of a listing updates it' },
  { value: 'URL', label: 'Listing URL: a row with the URL of a listing updates it' },
  { value: 'create', label: 'Always create: every row becomes a new listing' },
];

const rows = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

/**
 * Imports listings from a CSV file: drop or choose it, check the column mapping and the
 * preview, choose how rows match existing listings, then watch it go (Pause, Cancel) and read
 * the report. The import itself lives in `import-session.ts`: closing this dialog lets it run.
 */
export function ImportDialog({ chatbotId, onClose }: ImportDialogProps) {
  const fullScreen = useFullScreenDialog();
  const session = importSessionOf(chatbotId);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const close = () => {
    // A finished or unstarted import is put away; one under way goes on.
    if (state.phase !== 'running') session.reset();
    onClose();
  };
  const onFile = (file: File) => void session.chooseFile(file);

  return (
    <Modal opened onClose={close} title="Import CSV" fullScreen={fullScreen} size="xl" centered closeOnClickOutside={state.phase !== 'running'}>
      {state.phase === 'empty' && (
        <Stack gap="md">
          {state.error && (
            <Alert color="red" title="The file could not be read">
              {state.error}
            </Alert>
          )}
          <FileDrop onFile={onFile} />
        </Stack>
      )}
      {state.phase === 'loading' && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{`Reading ${state.fileName}…`}</Text>
        </Group>
      )}
      {state.phase === 'ready' && <ReadyStep state={state} session={session} onFile={onFile} onCancel={close} />}
      {state.phase === 'running' && <RunningStep state={state} session={session} onHide={onClose} />}
      {state.phase === 'done' && <ReportStep state={state} session={session} onClose={close} />}
    </Modal>
  );
}

function ReadyStep({
  state,
  session,
  onFile,
  onCancel,
}: {
  state: Extract<ImportState, { phase: 'ready' }>;
  session: ImportSession;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { validation, existing, matchBy, file } = state;
  const keysReady = typeof existing === 'object' && !('error' in existing);
  const updates = validation && keysReady ? countUpdates(validation, existing, matchBy) : 0;
  const issues = useMemo(() => (validation ? invalidRowFailures(validation) : []), [validation]);
  const keys = keysReady && matchBy !== 'create' ? existing[matchBy] : null;
  const isUpdate = ({ fields }: ValidRow) => (keys && matchBy !== 'create' ? keys.has(matchKeyOf(fields, matchBy)) : false);
  const mappedCount = state.mapping.filter((field) => field !== null).length;
  // Drawn on demand: a select per column is a few hundred options, too much to draw with every file.
  const [showMapping, setShowMapping] = useState(false);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void session.start(() => void queryClient.invalidateQueries({ queryKey: listingKeys.lists() }));
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{`${state.fileName}: ${rows(file.rowCount)}, ${file.headers.length} columns (${mappedCount} imported).`}</Text>
          <FileDrop onFile={onFile} compact />
        </Group>
        {state.error && (
          <Alert color="red" title="Something went wrong">
            {state.error}
          </Alert>
        )}
        {state.earlier.done + state.earlier.inFlight > 0 && (
          <Alert color="blue" title="Part of this file was imported before">
            {`${rows(state.earlier.done)} of this same file were sent by an earlier import and are skipped, so nothing is imported twice.`}
          </Alert>
        )}

        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            Columns
          </Title>
          <Button variant="subtle" size="compact-sm" aria-expanded={showMapping} onClick={() => setShowMapping((shown) => !shown)}>
            {showMapping ? 'Hide the column mapping' : 'Change the column mapping'}
          </Button>
        </Group>
        {showMapping ? (
          <ColumnMappingFields headers={file.headers} mapping={state.mapping} onChange={session.setMapping} />
        ) : (
          <Text size="sm">{mappingSummary(file.headers, state.mapping)}</Text>
        )}

        <Radio.Group label="Match existing listings by" value={matchBy} onChange={(value) => session.setMatchBy(value as MatchBy)}>
          <Stack gap="xs" mt="xs">
            {MATCH_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        {typeof existing === 'object' && 'error' in existing && (
          <Alert color="yellow">{`The existing listings could not be read (${existing.error}); they are read again when the import starts.`}</Alert>
        )}

        {!validation ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">Checking every row…</Text>
          </Group>
        ) : (
          <>
            <Text size="sm" role="status">
              {`${rows(validation.valid.length)} ready: ${keysReady ? `${validation.valid.length - updates} to create, ${updates} to update` : 'reading the existing listings…'}. ${
                issues.length > 0 ? `${rows(issues.length)} with errors will be skipped.` : 'No errors.'
              }`}
            </Text>
            {validation.valid.length > 0 && (
              <>
                <Title order={3} size="h5">
                  Preview: the first rows as they will be sent
                </Title>
                <ImportPreview rows={validation.valid} isUpdate={isUpdate} />
              </>
            )}
            {issues.length > 0 && (
              <>
                <Title order={3} size="h5">
                  {`Rows with errors (${issues.length})`}
                </Title>
                <Text size="xs" c="dimmed">
                  Skip them, or fix them in the file and drop it again. Row numbers are as a spreadsheet shows them (the header is row 1).
                </Text>
                <RowIssueList failures={issues} label="Rows with errors" />
              </>
            )}
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!validation || validation.valid.length === 0}>
            {validation ? `Import ${rows(validation.valid.length)}${issues.length > 0 ? `, skip ${issues.length}` : ''}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "All 31 columns are imported." or "Not imported: Agent phone, Notes." */
function mappingSummary(headers: readonly string[], mapping: ColumnMapping): string {
  const left = headers.filter((_, index) => mapping[index] === null).map((header, index) => header || `column ${index + 1}`);
  if (left.length === 0) return `All ${headers.length} columns are imported, each into the field of its name.`;
  return `Not imported: ${left.join(', ')}. Every other column goes into the field of its name.`;
}

function RunningStep({ state, session, onHide }: { state: Extract<ImportState, { phase: 'running' }>; session: ImportSession; onHide: () => void }) {
  const { progress, paused, elapsedMs, cancelling } = state.run;
  const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <Stack gap="md">
      <Text size="sm" aria-live="polite">
        {`${cancelling ? 'Cancelling: waiting for the rows on their way' : paused ? 'Paused' : 'Importing'} · ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} rows`}
      </Text>
      {/* Neither striped-animated nor eased: a bar animated between updates is laid out and
          painted every frame of the import (the width's 100 ms ease, renewed every 250 ms). */}
      <Progress value={percent} transitionDuration={0} aria-label="Import progress" />
      <Text size="sm" c="dimmed" data-testid="import-rate">
        {paused ? 'Paused: nothing new is sent until you resume.' : describeRate({ done: progress.done, total: progress.total, elapsedMs, unit: 'rows' })}
      </Text>
      <Text size="sm">{`${progress.created} created · ${progress.updated} updated · ${progress.failed} failed`}</Text>
      <Text size="xs" c="dimmed">
        You can close this dialog: the import goes on, and Import CSV shows it again.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" onClick={onHide}>
          Hide
        </Button>
        <Button variant="default" onClick={() => (paused ? session.resume() : session.pause())} disabled={cancelling} data-autofocus>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button color="red" variant="light" onClick={() => session.cancel()} disabled={cancelling}>
          Cancel import
        </Button>
      </Group>
    </Stack>
  );
}

function failedRowsFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '')}-failed-rows.csv`;
}

function ReportStep({ state, session, onClose }: { state: Extract<ImportState, { phase: 'done' }>; session: ImportSession; onClose: () => void }) {
  const { outcome, failures, cancelled, invalid } = state;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = (list: ImportFailure[]) => {
    session.failedRowsCsv(list).then(
      (text) => downloadCsv(text, failedRowsFileName(state.fileName)),
      (error: unknown) => setDownloadError(error instanceof Error ? error.message : String(error)),
    );
  };
  const skipped = invalid + outcome.alreadySent;
  const clean = failures.length === 0 && !cancelled;
  return (
    <Stack gap="md">
      <Alert color={clean ? 'green' : cancelled || outcome.failed > 0 ? 'yellow' : 'blue'} title={cancelled ? 'Import cancelled' : 'Import finished'} role="status">
        {cancelled
          ? `${rows(outcome.notSent)} were not sent. Import the same file again to send them: rows already sent are skipped.`
          : `${state.fileName} is imported.`}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Import report" role="list">
        <Figure label="Created" value={outcome.created} />
        <Figure label="Updated" value={outcome.updated} />
        <Figure label="Skipped" value={skipped} />
        <Figure label="Failed" value={outcome.failed + outcome.uncertain.length} />
      </SimpleGrid>
      {skipped > 0 && (
        <Text size="xs" c="dimmed">
          {[invalid > 0 && `${rows(invalid)} with errors were skipped`, outcome.alreadySent > 0 && `${rows(outcome.alreadySent)} were sent by an earlier import of this file`]
            .filter(Boolean)
            .join('; ')}
          .
        </Text>
      )}
      {failures.length > 0 && (
        <>
          <Title order={3} size="h5">
            {`Rows not imported (${failures.length})`}
          </Title>
          <RowIssueList failures={failures} label="Rows not imported" />
          <Group>
            <Button variant="default" onClick={() => download(failures)}>
              Download failed rows (CSV)
            </Button>
          </Group>
          {downloadError && <Alert color="red">{downloadError}</Alert>}
        </>
      )}
      <Group justify="flex-end" gap="sm">
        {cancelled && (
          <Button variant="default" onClick={() => session.continueFile()}>
            Continue this import
          </Button>
        )}
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div role="listitem" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </div>
  );
}
