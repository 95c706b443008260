import { ActionIcon, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { memo, useMemo, type CSSProperties } from 'react';
import type { ListingColumn } from './listing-columns';
import classes from './listings-table.module.css';
import { listingLabel, type Listing } from '../parse-listing-row';
import { useRowSlots } from './row-slots';
import { cellLayouts, type CellLayout } from './sticky-columns';

interface ListingsTableProps {
  listings: readonly Listing[];
  columns: readonly ListingColumn[];
  selected: ReadonlySet<number>;
  /** The handlers are expected to keep their identity across renders, so unchanged rows are skipped. */
  onSelect: (ids: readonly number[], selected: boolean) => void;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
  /** The rows are the previous page's while the requested one loads. */
  stale: boolean;
  /** The pointer or focus reached a row's edit button: the form may be wanted soon. */
  onEditIntent?: () => void;
  /**
   * For a member who may not change listings: no selection column (it only feeds the bulk
   * changes) and no edit and delete buttons, so header and rows both lose those columns.
   */
  readOnly?: boolean;
}

const SELECT_WIDTH = 44;
const ACTIONS_WIDTH = 84;
const tableStyle = { transition: 'opacity 120ms' } as const;
/** The selection column sticks at the start on every screen. */
const SELECT_STICKY = { '--sticky-left': '0px', '--sticky-left-narrow': '0px' } as CSSProperties;
const SELECT_LAYOUT: CellLayout = {
  className: `${classes.column} ${classes.sticky}`,
  style: { '--width': `${SELECT_WIDTH}px`, ...SELECT_STICKY } as CSSProperties,
  body: { className: classes.sticky ?? '', style: SELECT_STICKY },
};
const ACTIONS_STYLE = { '--width': `${ACTIONS_WIDTH}px` } as CSSProperties;

export function ListingsTable({ listings, columns, selected, onSelect, onEdit, onDelete, stale, onEditIntent, readOnly = false }: ListingsTableProps) {
  const pageIds = listings.map((listing) => listing.ID);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const slots = useRowSlots(listings);
  const mediaHeight = Math.max(0, ...columns.map((column) => column.height ?? 0));
  // Without the selection column the sticky columns start at the table's edge.
  const layouts = useMemo(() => cellLayouts(columns, readOnly ? 0 : SELECT_WIDTH), [columns, readOnly]);

  return (
    // The table scrolls in this box, both ways, never the page: its header row and first
    // columns stick, so the row being read stays named. Native scrolling: Mantine's
    // ScrollArea would re-render its scrollbars and measure them on every page change.
    <div className={classes.box} data-testid="listings-scroll-box">
      <Table
        aria-label="Listings"
        aria-busy={stale}
        highlightOnHover
        verticalSpacing="xs"
        // Column widths come from the columns, not from the page's text: see ListingColumn.width.
        layout="fixed"
        className={classes.table}
        style={{ ...tableStyle, opacity: stale ? 0.6 : 1, '--row-media-height': `${mediaHeight}px` }}
      >
        <Table.Thead>
          <Table.Tr>
            {!readOnly && (
              <Table.Th className={SELECT_LAYOUT.className} style={SELECT_LAYOUT.style}>
                <Checkbox
                  aria-label="Select all listings on this page"
                  checked={allOnPage}
                  indeterminate={selectedOnPage > 0 && !allOnPage}
                  onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <ColumnHeads columns={columns} layouts={layouts} readOnly={readOnly} />
          </Table.Tr>
        </Table.Thead>
        {/* One listener for every row's edit button and cut-short cell, rather than some per row. */}
        <Table.Tbody
          onPointerOver={(event) => {
            showCutTextAsTitle(event.target);
            if (onEditIntent && isEditButton(event.target)) onEditIntent();
          }}
          onFocus={onEditIntent && ((event) => isEditButton(event.target) && onEditIntent())}
        >
          {listings.map((listing, position) => (
            <ListingRow
              // Another page's listings take over the rows in place, see row-slots.ts.
              key={slots[position]}
              listing={listing}
              columns={columns}
              layouts={layouts}
              selected={selected.has(listing.ID)}
              onSelect={onSelect}
              onEdit={onEdit}
              onDelete={onDelete}
              readOnly={readOnly}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The same on every page: not rendered again by a page change. */
const ColumnHeads = memo(function ColumnHeads({
  columns,
  layouts,
  readOnly,
}: {
  columns: readonly ListingColumn[];
  layouts: readonly CellLayout[];
  readOnly: boolean;
}) {
  return (
    <>
      {columns.map((column, index) => (
        <Table.Th key={column.id} className={layouts[index]?.className} style={layouts[index]?.style}>
          {column.header}
        </Table.Th>
      ))}
      {!readOnly && (
        <Table.Th className={`${classes.column} ${classes.stickyEnd}`} style={ACTIONS_STYLE}>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      )}
    </>
  );
});

interface ListingRowProps {
  listing: Listing;
  columns: readonly ListingColumn[];
  /** One per column, in the same order: see cellLayouts. */
  layouts: readonly CellLayout[];
  selected: boolean;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
  readOnly: boolean;
}

/**
 * A cell whose text its column cuts short (see ListingColumn.width) shows it whole as a
 * tooltip. Worked out when the pointer reaches the cell rather than rendered: a title on
 * every cell would be 1,400 attributes to set and restyle on each page change.
 */
function showCutTextAsTitle(target: EventTarget) {
  const cell = target instanceof Element ? target.closest('td') : null;
  if (!cell) return;
  const title = cell.scrollWidth > cell.clientWidth ? (cell.textContent ?? '') : '';
  if (cell.title !== title) cell.title = title;
}

const isEditButton = (target: EventTarget) => target instanceof Element && target.closest('[data-action="edit"]') !== null;

const TD = Table.classes.td;
const SELECT_TD = `${TD} ${SELECT_LAYOUT.body.className}`;
const ACTIONS_TD = `${TD} ${classes.stickyEnd}`;
const ACTION = `${ActionIcon.classes.root} ${classes.action} mantine-focus-auto mantine-active`;
// Their icons (pencil, trash) are drawn by the classes, see listings-table.module.css.
const EDIT = `${ACTION} ${classes.edit}`;
const DELETE = `${ACTION} ${classes.delete}`;

/**
 * One listing, as plain elements styled with Mantine's table classes: a page of 100 rows
 * renders a handful of components per row, and a row whose listing, columns and selection
 * are unchanged (selecting another row, the stale flag) is not rendered again.
 */
const ListingRow = memo(function ListingRow({ listing, columns, layouts, selected, onSelect, onEdit, onDelete, readOnly }: ListingRowProps) {
  const label = listingLabel(listing);
  return (
    // Mantine's Table.Tr would add these for highlightOnHover and the default row borders.
    <tr className={`${Table.classes.tr} ${classes.row}`} data-hover data-with-row-border data-selected={selected || undefined}>
      {!readOnly && (
        <td className={SELECT_TD} style={SELECT_LAYOUT.body.style}>
          <input
            type="checkbox"
            className={classes.check}
            aria-label={`Select ${label}`}
            checked={selected}
            onChange={(event) => onSelect([listing.ID], event.currentTarget.checked)}
          />
        </td>
      )}
      {columns.map((column, index) => (
        <td key={column.id} className={`${TD} ${layouts[index]?.body.className ?? ''}`} style={layouts[index]?.body.style}>
          {column.cell(listing)}
        </td>
      ))}
      {!readOnly && (
        <td className={ACTIONS_TD}>
          <button type="button" className={EDIT} data-action="edit" aria-label={`Edit ${label}`} title="Edit" onClick={() => onEdit(listing)} />
          <button type="button" className={DELETE} aria-label={`Delete ${label}`} title="Delete" onClick={() => onDelete(listing)} />
        </td>
      )}
    </tr>
  );
});
