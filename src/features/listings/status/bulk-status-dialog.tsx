import { Alert, Button, Group, List, Modal, Progress, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../../api/client';
import { LISTING_STATUSES } from '../../../api/contract';
import { listingKeys } from '../../../api/listings';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { labelOf, STATUS_LABELS } from '../listing-labels';
import { listingLabel, type Listing } from '../parse-listing-row';
import { changeStatuses, describeStatusChange, type StatusChangeOutcome, type StatusProgress } from './change-statuses';
import type { ListingStatus } from './status-update-request';

export interface BulkStatusDialogProps {
  chatbotId: string;
  /** The selected listings as the table last showed them. */
  listings: readonly Listing[];
  /** Selected listings this tab has no copy of (none in practice); they are left out, and the dialog says so. */
  missing: number;
  onClose: () => void;
  /** After a run, the listings whose status changed (with the new status). */
  onChanged: (changed: readonly Listing[]) => void;
}

type Phase =
  | { name: 'choose' }
  | { name: 'running'; progress: StatusProgress }
  | { name: 'done'; outcome: StatusChangeOutcome };

const plural = (count: number) => `${count} ${count === 1 ? 'listing' : 'listings'}`;

/** "2 Active, 1 Sold": how the chosen listings stand now. */
function currentStatuses(listings: readonly Listing[]): string {
  const counts = new Map<string, number>();
  for (const listing of listings) counts.set(listing.Status, (counts.get(listing.Status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${labelOf(STATUS_LABELS, status, status || 'no status')}`).join(', ');
}

/**
 * Sets the status of the selected listings: choose, confirm (the button names the count),
 * watch the progress, read what changed and what failed with the service's reason. The run
 * goes on if the page is left; its result then comes as a notification.
 */
export function BulkStatusDialog({ chatbotId, listings, missing, onClose, onChanged }: BulkStatusDialogProps) {
  const fullScreen = useFullScreenDialog();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ListingStatus | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const stop = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async (targets: readonly Listing[], chosen: ListingStatus) => {
    const controller = new AbortController();
    stop.current = controller;
    setPhase({ name: 'running', progress: { done: 0, total: targets.length } });
    const outcome = await changeStatuses({
      chatbotId,
      listings: targets,
      status: chosen,
      update: (request) => apiFetch('RealEstateUpdate', request),
      signal: controller.signal,
      onProgress: (progress) => {
        if (mounted.current) setPhase({ name: 'running', progress });
      },
    });
    stop.current = null;
    void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    onChanged(outcome.changed);
    if (mounted.current) {
      setPhase({ name: 'done', outcome });
    } else {
      const summary = describeStatusChange(outcome, STATUS_LABELS[chosen]);
      notifications.show({ color: summary.color, title: summary.title, message: summary.message });
    }
  };

  const running = phase.name === 'running';
  const count = listings.length;
  const already = status ? listings.filter((listing) => listing.Status === status).length : 0;
  const toChange = count - already;
  const title = `Set the status of ${plural(count)}`;

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      fullScreen={fullScreen}
      centered
      // While requests are going out, Stop is the way out: closing would hide the progress.
      withCloseButton={!running}
      closeOnEscape={!running}
      closeOnClickOutside={!running}
    >
      {phase.name === 'choose' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (status) void run(listings, status);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{`Now: ${currentStatuses(listings)}.`}</Text>
            {missing > 0 && (
              <Alert color="yellow" p="xs">
                {`${plural(missing)} of the selection ${missing === 1 ? 'is' : 'are'} not loaded in this tab and ${missing === 1 ? 'is' : 'are'} left out. Open ${missing === 1 ? 'its' : 'their'} page to include ${missing === 1 ? 'it' : 'them'}.`}
              </Alert>
            )}
            <Radio.Group
              label="New status"
              value={status ?? ''}
              onChange={(value) => setStatus(LISTING_STATUSES.find((candidate) => candidate === value) ?? null)}
            >
              <Stack gap="xs" mt="xs">
                {LISTING_STATUSES.map((value) => (
                  <Radio key={value} value={value} label={STATUS_LABELS[value]} />
                ))}
              </Stack>
            </Radio.Group>
            {status && already > 0 && (
              <Text size="sm">
                {already === count
                  ? `All ${plural(count)} are already ${STATUS_LABELS[status]}.`
                  : `${plural(already)} already ${already === 1 ? 'is' : 'are'} ${STATUS_LABELS[status]} and ${already === 1 ? 'is' : 'are'} left as ${already === 1 ? 'it is' : 'they are'}.`}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Each listing is saved again with the fields the list gives and the new status, one request per listing. A
              field the list does not give is left out, and the service keeps it as it is.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!status || toChange === 0}>
                {status ? `Set ${plural(toChange)} to ${STATUS_LABELS[status]}` : 'Choose a status'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {phase.name === 'running' && (
        <Stack gap="md">
          <Text size="sm" aria-live="polite">{`Updated ${phase.progress.done} of ${phase.progress.total}…`}</Text>
          <Progress
            value={phase.progress.total === 0 ? 100 : (phase.progress.done / phase.progress.total) * 100}
            aria-label="Status change progress"
            animated
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => stop.current?.abort()} data-autofocus>
              Stop
            </Button>
          </Group>
        </Stack>
      )}

      {phase.name === 'done' && (
        <StatusResult
          outcome={phase.outcome}
          onClose={onClose}
          onRetry={(failed) => {
            void run(failed, phase.outcome.status);
          }}
        />
      )}
    </Modal>
  );
}

function StatusResult({
  outcome,
  onClose,
  onRetry,
}: {
  outcome: StatusChangeOutcome;
  onClose: () => void;
  onRetry: (listings: Listing[]) => void;
}) {
  const summary = describeStatusChange(outcome, STATUS_LABELS[outcome.status]);
  const retry = [...outcome.failed.map(({ listing }) => listing), ...outcome.notSent];
  return (
    <Stack gap="md">
      <Alert color={summary.color} title={summary.title} role="status">
        {(outcome.changed.length > 0 || outcome.unchanged.length === 0) &&
          `Changed ${plural(outcome.changed.length)} to ${STATUS_LABELS[outcome.status]}. `}
        {outcome.unchanged.length > 0 && `${plural(outcome.unchanged.length)} already had this status.`}
        {outcome.notSent.length > 0 && ` Stopped before ${plural(outcome.notSent.length)}.`}
      </Alert>
      {outcome.failed.length > 0 && (
        <div>
          <Text size="sm" fw={600} id="bulk-status-failures">
            {`${plural(outcome.failed.length)} failed`}
          </Text>
          <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
            <List size="sm" spacing={4} mt={4} aria-labelledby="bulk-status-failures">
              {outcome.failed.map(({ listing, reason }) => (
                <List.Item key={listing.ID}>
                  <Text span size="sm" fw={500}>
                    {listingLabel(listing)}
                  </Text>
                  {` (ID ${listing.ID}): ${reason}`}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </div>
      )}
      <Group justify="flex-end" gap="sm">
        {retry.length > 0 && (
          <Button variant="default" onClick={() => onRetry(retry)}>
            {`Try the ${retry.length} again`}
          </Button>
        )}
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
