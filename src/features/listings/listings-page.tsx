import { Button, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconTag, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { listingListQueryOptions } from '../../api/listings';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { ColumnPicker } from './table/column-picker';
import { LISTING_COLUMNS } from './table/listing-columns';
import { ListingFilters, type ListingFilterValues } from './filters/listing-filters';
import { LazyListingFormModal, preloadListingForm } from './form/lazy-listing-form-modal';

/** Shown only for no listings at all, or none matching: its code (Mantine's EmptyState) loads then. */
const ListingsEmptyState = lazy(() => import('./listings-empty-state'));
import {
  hasFilters,
  listRequestOf,
  pageCount,
  PAGE_SIZES,
  readListingView,
  writeListingView,
  type ListingView,
} from './filters/listing-view';
import { ListingsTable } from './table/listings-table';
import { listingLabel, parseListingPage, type Listing } from './parse-listing-row';
import { useDeleteListingsAction } from './delete/use-delete-listings-action';
import { useHiddenColumns } from './table/use-hidden-columns';
import { useListingFormTarget } from './form/use-listing-form-draft';
import { useStableSearchParams } from './filters/use-stable-search-params';
import { ViewsButton } from './views/views-button';
import { LazyBulkStatusDialog, preloadBulkStatusDialog } from './status/lazy-bulk-status-dialog';
import { LazyExportDialog, preloadExportDialog } from './export/lazy-export-dialog';
import { LazyImportDialog, preloadImportDialog } from './import/lazy-import-dialog';
import { ShownRange } from '../../components/shown-range';

const COLUMN_IDS = LISTING_COLUMNS.map((column) => column.id);
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

export function ListingsPage() {
  const { botId } = useParams();
  if (!botId) return null;
  // Another chatbot's listings share no selection or open form with this one.
  return <ListingsWorkspace key={botId} chatbotId={botId} />;
}

function ListingsWorkspace({ chatbotId }: { chatbotId: string }) {
  const [searchParams, setSearchParams] = useStableSearchParams();
  const view = useMemo(() => readListingView(searchParams), [searchParams]);
  const { page, size, city, saleType, mls } = view;
  const query = useQuery(listingListQueryOptions(listRequestOf(chatbotId, view)));
  const queryClient = useQueryClient();
  // Viewers see and export the listings; creating, editing, deleting and importing are not offered.
  const canWrite = useAccess().may('writeListings', chatbotId);

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const remembered = useHiddenColumns(COLUMN_IDS);
  // A link or a saved view names its columns in the URL; otherwise this device's choice applies.
  const urlColumns = view.columns?.join(',');
  const hidden = useMemo(() => {
    if (urlColumns === undefined) return remembered.hidden;
    const shown = new Set(urlColumns.split(','));
    return new Set(COLUMN_IDS.filter((id) => !shown.has(id)));
  }, [urlColumns, remembered.hidden]);
  const { confirmDelete, isDeleting } = useDeleteListingsAction(chatbotId);
  const filters = useMemo(() => ({ city, saleType, mls }), [city, saleType, mls]);

  const listings = useMemo(() => (query.data ? parseListingPage(query.data.List) : []), [query.data]);
  const { formTarget, openForm: setFormTarget, closeForm } = useListingFormTarget(chatbotId, listings);
  // The listings of every page shown, newest copy, so an action on a selection across pages has their fields.
  const shownListings = useRef(new Map<number, Listing>());
  useEffect(() => {
    for (const listing of listings) shownListings.current.set(listing.ID, listing);
  }, [listings]);
  const [exporting, setExporting] = useState(false);
  const openExport = useCallback(() => setExporting(true), []);
  const closeExport = useCallback(() => setExporting(false), []);
  const [importing, setImporting] = useState(false);
  const openImport = useCallback(() => setImporting(true), []);
  const closeImport = useCallback(() => setImporting(false), []);
  const [statusTarget, setStatusTarget] = useState<{ listings: Listing[]; missing: number } | null>(null);
  const total = query.data?.VirtualCount ?? 0;
  const pages = pageCount(total, size);
  const stale = query.isPlaceholderData;

  /**
   * Every change is a history entry (Back undoes it); filters and page size start over at page 1.
   * The route loaders are not run again: they only warm the cache before this page is shown, and
   * with none to wait for, the router commits the new view in one render (synchronously, with
   * `flushSync`) instead of a "loading" render first and the view itself later as a transition.
   */
  const changeView = useCallback(
    (patch: Partial<ListingView>, options: { replace?: boolean; flushSync?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = { ...readListingView(current), ...patch };
          // Showing other columns is still the same page of the same listings.
          const columnsOnly = Object.keys(patch).every((key) => key === 'columns');
          if (!('page' in patch) && !columnsOnly) next.page = 1;
          return writeListingView(next);
        },
        { ...options, defaultShouldRevalidate: false },
      );
    },
    [setSearchParams],
  );

  // Fetch and parse the next page ahead, so paging forward shows it at once. Started with the
  // frame that paints this page: the answer, checked against its schema when it arrives, is
  // then handled after that paint instead of possibly before it.
  useEffect(() => {
    if (!query.data || stale || page >= pages) return;
    const next = listingListQueryOptions(listRequestOf(chatbotId, { page: page + 1, size, city, saleType, mls }));
    const frame = requestAnimationFrame(() => {
      void queryClient.prefetchQuery(next).then(() => {
        const rows = queryClient.getQueryData(next.queryKey)?.List;
        if (rows) parseListingPage(rows);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [query.data, stale, chatbotId, page, pages, size, city, saleType, mls, queryClient]);

  // Past the end (after deleting the last rows of the last page, or an old bookmark): go to the last page.
  useEffect(() => {
    if (query.data && !stale && page > pages) changeView({ page: pages }, { replace: true });
  }, [query.data, stale, page, pages, changeView]);

  // The handlers keep their identity across renders, so a page change or a selection
  // renders only the rows and parts that changed.
  const select = useCallback((ids: readonly number[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const forget = useCallback((ids: readonly number[]) => select(ids, false), [select]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);

  const edit = useCallback((listing: Listing) => setFormTarget({ mode: 'edit', listing }), [setFormTarget]);
  const create = useCallback(() => setFormTarget({ mode: 'create' }), [setFormTarget]);
  const deleteOne = useCallback(
    (listing: Listing) => confirmDelete({ ids: [listing.ID], name: listingLabel(listing), onDeleted: forget }),
    [confirmDelete, forget],
  );
  const deleteSelected = useCallback(() => confirmDelete({ ids: [...selected], onDeleted: forget }), [confirmDelete, selected, forget]);
  const setStatusOfSelected = useCallback(() => {
    const found: Listing[] = [];
    for (const id of selected) {
      const listing = shownListings.current.get(id);
      if (listing) found.push(listing);
    }
    setStatusTarget({ listings: found, missing: selected.size - found.length });
  }, [selected]);
  const closeStatus = useCallback(() => setStatusTarget(null), []);
  const rememberChanged = useCallback((changed: readonly Listing[]) => {
    for (const listing of changed) shownListings.current.set(listing.ID, listing);
  }, []);
  const changeFilters = useCallback((patch: Partial<ListingFilterValues>) => changeView(patch), [changeView]);
  const { replaceHidden } = remembered;
  const setColumnVisible = useCallback(
    (id: string, visible: boolean) => {
      const next = new Set(hidden);
      if (visible) next.delete(id);
      else next.add(id);
      // The choice is remembered on this device, and a URL that names columns follows it.
      replaceHidden(next);
      if (urlColumns !== undefined) changeView({ columns: COLUMN_IDS.filter((column) => !next.has(column)) }, { replace: true });
    },
    [hidden, replaceHidden, urlColumns, changeView],
  );
  const shownColumnIds = useMemo(() => COLUMN_IDS.filter((id) => !hidden.has(id)), [hidden]);
  // Without the page, so paging does not re-render the header.
  const viewOnScreen = useMemo(
    (): ListingView => ({ page: 1, size, city, saleType, mls, columns: urlColumns === undefined ? undefined : urlColumns.split(',').filter(Boolean) }),
    [size, city, saleType, mls, urlColumns],
  );

  const visibleColumns = useMemo(() => LISTING_COLUMNS.filter((column) => !hidden.has(column.id)), [hidden]);
  const filtered = hasFilters(view);
  const firstShown = total === 0 ? 0 : (page - 1) * size + 1;
  const lastShown = Math.min(total, (page - 1) * size + listings.length);

  return (
    <Stack gap="md">
      <ListingsHeader
        chatbotId={chatbotId}
        view={viewOnScreen}
        shownColumns={shownColumnIds}
        hidden={hidden}
        onColumnChange={setColumnVisible}
        canWrite={canWrite}
        onCreate={create}
        onExport={openExport}
        onImport={openImport}
      />
      <ListingFilters filters={filters} onChange={changeFilters} />
      {canWrite && (
        <SelectionBar
          count={selected.size}
          isDeleting={isDeleting}
          onClear={clearSelection}
          onDelete={deleteSelected}
          onSetStatus={setStatusOfSelected}
        />
      )}

      {query.isError && (
        <ErrorAlert
          error={query.error}
          title={query.data ? 'The list could not be refreshed' : 'The listings could not be loaded'}
          onRetry={() => void query.refetch()}
        />
      )}

      {query.isPending ? (
        <PageLoader label="Loading listings" />
      ) : total === 0 && listings.length === 0 ? (
        query.data && (
          // Loaded when first needed: a first visit shows listings, and the empty state's code stays off it.
          <Suspense fallback={<PageLoader label="Loading listings" />}>
            <ListingsEmptyState
              filtered={filtered}
              canWrite={canWrite}
              onClearFilters={() => changeView({ city: '', saleType: '', mls: '' })}
              onCreate={create}
              onPreloadForm={preloadForm}
            />
          </Suspense>
        )
      ) : (
        <>
          <ListingsTable
            listings={listings}
            columns={visibleColumns}
            selected={selected}
            onSelect={select}
            onEdit={edit}
            onDelete={deleteOne}
            stale={stale}
            onEditIntent={preloadForm}
            readOnly={!canWrite}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <ShownRange first={firstShown} last={lastShown} total={total} loading={stale} />
            <Group gap="md">
              <PageSizeSelect size={size} onChange={changeView} />
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                // The next page is usually prefetched, so render it at once rather than as a
                // router transition, which React renders in slices and yields between.
                onChange={(next) => changeView({ page: next }, { flushSync: true })}
                getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
                size="sm"
                withEdges
              />
            </Group>
          </Group>
        </>
      )}

      {exporting && (
        <LazyExportDialog chatbotId={chatbotId} view={viewOnScreen} total={total} shownColumns={shownColumnIds} onClose={closeExport} />
      )}

      {importing && canWrite && <LazyImportDialog chatbotId={chatbotId} onClose={closeImport} />}

      {statusTarget && (
        <LazyBulkStatusDialog
          chatbotId={chatbotId}
          listings={statusTarget.listings}
          missing={statusTarget.missing}
          onClose={closeStatus}
          onChanged={rememberChanged}
        />
      )}

      {/* The form's address (?listing=…) may come from a link: it opens only for a member who may save. */}
      {formTarget && canWrite && (
        <LazyListingFormModal
          key={formTarget.mode === 'edit' ? formTarget.listing.ID : 'create'}
          chatbotId={chatbotId}
          target={formTarget}
          onClose={closeForm}
        />
      )}
    </Stack>
  );
}

/** Not rendered again by a page change. */
const PageSizeSelect = memo(function PageSizeSelect({ size, onChange }: { size: number; onChange: (patch: Partial<ListingView>) => void }) {
  return (
    <NativeSelect
      aria-label="Rows per page"
      data={PAGE_SIZE_OPTIONS}
      value={String(size)}
      onChange={(event) => onChange({ size: Number(event.currentTarget.value) as ListingView['size'] })}
      size="xs"
      w={80}
    />
  );
});

const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

const preloadForm = () => void preloadListingForm().catch(() => undefined);
const preloadExport = () => void preloadExportDialog().catch(() => undefined);
const preloadImport = () => void preloadImportDialog().catch(() => undefined);

/** The title and the actions that do not depend on the page shown: not re-rendered by paging. */
const ListingsHeader = memo(function ListingsHeader({
  chatbotId,
  view,
  shownColumns,
  hidden,
  onColumnChange,
  canWrite,
  onCreate,
  onExport,
  onImport,
}: {
  chatbotId: string;
  view: ListingView;
  shownColumns: readonly string[];
  hidden: ReadonlySet<string>;
  onColumnChange: (id: string, visible: boolean) => void;
  /** Whether the member may change listings: Import and Create are offered only then. */
  canWrite: boolean;
  onCreate: () => void;
  onExport: () => void;
  onImport: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2}>Listings</Title>
      <Group gap="sm">
        <ViewsButton chatbotId={chatbotId} current={view} shownColumns={shownColumns} columnIds={COLUMN_IDS} />
        <ColumnPicker hidden={hidden} onChange={onColumnChange} />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={onExport}
          onPointerEnter={preloadExport}
          onFocus={preloadExport}
        >
          Export CSV
        </Button>
        {canWrite && (
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={18} />}
              onClick={onImport}
              onPointerEnter={preloadImport}
              onFocus={preloadImport}
            >
              Import CSV
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={onCreate} onPointerEnter={preloadForm} onFocus={preloadForm}>
              Create listing
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
});

interface SelectionBarProps {
  count: number;
  isDeleting: boolean;
  onClear: () => void;
  onDelete: () => void;
  onSetStatus: () => void;
}

const preloadStatus = () => void preloadBulkStatusDialog().catch(() => undefined);

const SelectionBar = memo(function SelectionBar({ count, isDeleting, onClear, onDelete, onSetStatus }: SelectionBarProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mih={36}>
      <Text size="sm" c={count > 0 ? undefined : 'dimmed'} aria-live="polite">
        {count === 0 ? 'No listings selected' : `${count} ${count === 1 ? 'listing' : 'listings'} selected`}
      </Text>
      <Group gap="sm">
        {count > 0 && (
          <Button variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconTag size={18} />}
          disabled={count === 0}
          onClick={onSetStatus}
          onPointerEnter={preloadStatus}
          onFocus={preloadStatus}
        >
          Set status
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} />}
          disabled={count === 0}
          loading={isDeleting}
          onClick={onDelete}
        >
          Delete selected
        </Button>
      </Group>
    </Group>
  );
});
