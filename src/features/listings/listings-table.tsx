import { ActionIcon, Checkbox, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ListingColumn } from './listing-columns';
import { listingLabel, type Listing } from './parse-listing-row';

interface ListingsTableProps {
  listings: readonly Listing[];
  columns: readonly ListingColumn[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
  /** The rows are the previous page's while the requested one loads. */
  stale: boolean;
}

export function ListingsTable({ listings, columns, selected, onSelect, onEdit, onDelete, stale }: ListingsTableProps) {
  const pageIds = listings.map((listing) => listing.ID);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        aria-label="Listings"
        aria-busy={stale}
        highlightOnHover
        verticalSpacing="xs"
        // One line per listing keeps rows scannable; a narrow screen scrolls sideways instead.
        style={{ whiteSpace: 'nowrap', opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select all listings on this page"
                checked={allOnPage}
                indeterminate={selectedOnPage > 0 && !allOnPage}
                onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
              />
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.id} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th w={84}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {listings.map((listing) => {
            const label = listingLabel(listing);
            const isSelected = selected.has(listing.ID);
            return (
              <Table.Tr key={listing.ID} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${label}`}
                    checked={isSelected}
                    onChange={(event) => onSelect([listing.ID], event.currentTarget.checked)}
                  />
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={column.align}>
                    {column.cell(listing)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit ${label}`} title="Edit" onClick={() => onEdit(listing)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${label}`}
                      title="Delete"
                      onClick={() => onDelete(listing)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
