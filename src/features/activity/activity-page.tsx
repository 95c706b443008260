import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { activityCsvHref, activityQueryOptions } from '../../api/activity';
import type { Member } from '../../api/contract/bootstrap';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { ActivityFilters } from './activity-filters';
import { ActivityTable } from './activity-table';
import {
  ACTIVITY_PAGE_SIZE,
  activityFiltersOf,
  activityQueryOf,
  hasFilters,
  NO_FILTERS,
  pageCount,
  readActivityView,
  writeActivityView,
  type ActivityView,
} from './activity-view';
import { ShownRange } from '../../components/shown-range';

/*
 * Plain Previous/Next and plain text for an empty record, not Mantine's Pagination and
 * EmptyState: the listings page (the first page) has those, and a second lazy page sharing
 * them splits them into chunks of their own, which weighed 2 KB more on the first page load
 * (e2e/landing-weight.spec.ts). A record read newest first is mostly read page by page anyway.
 */

/**
 * Who did what: the console's activity record, newest first, paged by the server. The
 * browser hides only what the server would refuse: a role without viewActivity (a Viewer)
 * gets a sentence here instead of a request that would answer 403.
 */
export function ActivityPage() {
  const { bootstrap, member, may } = useAccess();
  if (!member || !may('viewActivity')) {
    return (
      <Stack maw={720} gap="lg">
        <Title order={2}>Activity</Title>
        <Alert color="blue" variant="light">
          Your role may not see activity. An Owner or an Admin can see all of it, and Editors and Agents the activity of their chatbots.
        </Alert>
      </Stack>
    );
  }
  return <ActivityLog me={member} chatbotIds={bootstrap?.chatbotIds ?? []} canSeeMembers={may('manageMembers')} />;
}

interface ActivityLogProps {
  me: Member;
  chatbotIds: readonly string[];
  canSeeMembers: boolean;
}

function ActivityLog({ me, chatbotIds, canSeeMembers }: ActivityLogProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readActivityView(searchParams), [searchParams]);
  const { member, chatbot, action, from, to, page } = view;
  const filters = useMemo(() => ({ member, chatbot, action, from, to }), [member, chatbot, action, from, to]);
  const query = useQuery(activityQueryOptions(activityQueryOf(view)));
  const stale = query.isPlaceholderData;
  const total = query.data?.VirtualCount ?? 0;
  const pages = pageCount(total);

  /** Every change is a history entry (Back undoes it); a filter starts over at page 1. */
  const changeView = useCallback(
    (patch: Partial<ActivityView>, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => {
        const next = { ...readActivityView(current), ...patch };
        if (!('page' in patch)) next.page = 1;
        return writeActivityView(next);
      }, options);
    },
    [setSearchParams],
  );

  // Past the end (an old link, or fewer entries than when it was made): the last page.
  useEffect(() => {
    if (query.data && !stale && page > pages) changeView({ page: pages }, { replace: true });
  }, [query.data, stale, page, pages, changeView]);

  const seesEverything = me.role === 'Owner' || me.role === 'Admin';
  const firstShown = (Math.min(page, pages) - 1) * ACTIVITY_PAGE_SIZE + 1;
  const lastShown = Math.min(firstShown + ACTIVITY_PAGE_SIZE - 1, total);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Activity</Title>
          <Text c="dimmed" size="sm">
            {seesEverything ? 'Who did what in this console, newest first.' : 'Who did what on your chatbots, newest first.'}
          </Text>
        </div>
        {/* A plain download of every filtered entry: the server writes the file, nothing waits here. */}
        <Button component="a" href={activityCsvHref(activityFiltersOf(filters))} download variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
          Export CSV
        </Button>
      </Group>

      <ActivityFilters filters={filters} members={query.data?.Members ?? NO_MEMBERS} chatbotIds={chatbotIds} onChange={changeView} />

      {query.isPending ? (
        <PageLoader label="Loading activity" />
      ) : query.isError ? (
        <ErrorAlert error={query.error} title="The activity could not be loaded" onRetry={() => void query.refetch()} />
      ) : query.data.List.length === 0 ? (
        <Paper withBorder p="xl">
          {hasFilters(filters) ? (
            <Stack gap="xs" align="center" ta="center">
              <Text fw={600}>No activity matches these filters</Text>
              <Text size="sm" c="dimmed">
                Try another member, chatbot, action or dates, or clear the filters.
              </Text>
              <Button variant="light" onClick={() => changeView(NO_FILTERS)}>
                Clear filters
              </Button>
            </Stack>
          ) : (
            <Stack gap="xs" align="center" ta="center">
              <Text fw={600}>No activity yet</Text>
              <Text size="sm" c="dimmed">
                Saved settings, listing changes, uploads, sign-ins and changes to members appear here as they happen.
              </Text>
            </Stack>
          )}
        </Paper>
      ) : (
        <>
          <ActivityTable entries={query.data.List} now={query.dataUpdatedAt} stale={stale} canSeeMembers={canSeeMembers} />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <ShownRange first={firstShown} last={lastShown} total={total} loading={stale} />
            {pages > 1 && (
              <Group gap="xs" component="nav" aria-label="Activity pages">
                <Button size="xs" variant="default" leftSection={<IconChevronLeft size={14} />} disabled={page <= 1} onClick={() => changeView({ page: page - 1 })}>
                  Previous page
                </Button>
                <Text size="sm" aria-current="page">{`Page ${Math.min(page, pages)} of ${pages}`}</Text>
                <Button size="xs" variant="default" rightSection={<IconChevronRight size={14} />} disabled={page >= pages} onClick={() => changeView({ page: page + 1 })}>
                  Next page
                </Button>
              </Group>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

const NO_MEMBERS: never[] = [];
