import { MantineProvider } from '@mantine/core';
import { listingRowOf } from '../../../api/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createListing } from '../../../demo-data';
import { LISTING_COLUMNS } from './listing-columns';
import { ListingsTable } from './listings-table';
import { parseListingRow } from '../parse-listing-row';

type TableProps = Pick<Parameters<typeof ListingsTable>[0], 'listings' | 'selected' | 'onSelect' | 'onEdit' | 'onDelete'>;

/** The table with every column, as the listings page shows it. */
const tableOf = (props: TableProps) => (
  <MantineProvider env="test">
    <ListingsTable columns={LISTING_COLUMNS} stale={false} {...props} />
  </MantineProvider>
);

function renderTable(selected: ReadonlySet<number> = new Set()) {
  const listings = [
    parseListingRow(
      listingRowOf(
        createListing({
          Address: '<img src=x onerror="window.hacked=1"> 12 Oak Street',
          SaleType: 'for_rent',
          RentPrice: 2450,
          CurrencySymbol: '$',
          Status: 'PreOnMarket',
          BuildingArea: 980,
          AreaUnit: 'Square Feet',
          Images: [],
        }),
        1,
      ),
    ),
    parseListingRow(listingRowOf(createListing({ Address: '7 Elm Street', SaleType: 'for_sale', SalePrice: 1_250_000, CurrencySymbol: '€' }), 2)),
  ];
  const onSelect = vi.fn();
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(tableOf({ listings, selected, onSelect, onEdit, onDelete }));
  return { listings, onSelect, onEdit, onDelete, table: screen.getByRole('table', { name: 'Listings' }) };
}

describe('ListingsTable', { timeout: 20_000 }, () => {
  it('shows listing text as plain text, never as markup', () => {
    const { table } = renderTable();
    expect(within(table).getByText('<img src=x onerror="window.hacked=1"> 12 Oak Street')).toBeInTheDocument();
    expect(table.querySelector('img[src="x"]')).toBeNull();
  });

  it('formats the price with its symbol, rent per month, the area with its unit and the status in words', () => {
    const { table } = renderTable();
    const [rental, sale] = within(table).getAllByRole('row').slice(1);
    expect(rental).toHaveTextContent('$2,450/mo');
    expect(rental).toHaveTextContent('980 sq ft');
    expect(rental).toHaveTextContent('Pre-market');
    expect(rental).toHaveTextContent('For rent');
    expect(sale).toHaveTextContent('€1,250,000');
    expect(sale).not.toHaveTextContent('/mo');
  });

  it('selects a row by its listing id, and the whole page from the header', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderTable(new Set([2]));
    expect(screen.getByRole('checkbox', { name: 'Select 7 Elm Street' })).toBeChecked();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all listings on this page' });
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');

    await user.click(screen.getByRole('checkbox', { name: /^Select <img/ }));
    expect(onSelect).toHaveBeenLastCalledWith([1], true);
    await user.click(screen.getByRole('checkbox', { name: 'Select 7 Elm Street' }));
    expect(onSelect).toHaveBeenLastCalledWith([2], false);
    await user.click(selectAll);
    expect(onSelect).toHaveBeenLastCalledWith([1, 2], true);
  });

  it('offers edit and delete per row, named after the listing', async () => {
    const user = userEvent.setup();
    const { listings, onEdit, onDelete } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Edit 7 Elm Street' }));
    expect(onEdit).toHaveBeenCalledWith(listings[1]);
    await user.click(screen.getByRole('button', { name: 'Delete 7 Elm Street' }));
    expect(onDelete).toHaveBeenCalledWith(listings[1]);
  });

  it('shows another page in the same rows, each checkbox and button following its own listing', async () => {
    const user = userEvent.setup();
    const page = (ids: number[]) => ids.map((id) => parseListingRow(listingRowOf(createListing({ Address: `${id} Main Street`, Images: [] }), id)));
    const onSelect = vi.fn();
    const onEdit = vi.fn();
    const table = (listings: ReturnType<typeof page>, selected: ReadonlySet<number>) => tableOf({ listings, selected, onSelect, onEdit, onDelete: vi.fn() });
    const first = page([1, 2, 3]);
    const { rerender } = render(table(first, new Set([2, 5])));
    const rowsBefore = screen.getAllByRole('row').slice(1);

    const second = page([4, 5, 6]);
    rerender(table(second, new Set([2, 5])));
    const rowsAfter = screen.getAllByRole('row').slice(1);
    // The rows' elements are reused rather than built again.
    rowsAfter.forEach((row, index) => expect(row).toBe(rowsBefore[index]));
    expect(rowsAfter[0]).toHaveTextContent('4 Main Street');
    expect(within(rowsAfter[0]!).queryByText('1 Main Street')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select 4 Main Street' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select 5 Main Street' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select 6 Main Street' }));
    expect(onSelect).toHaveBeenLastCalledWith([6], true);
    await user.click(screen.getByRole('button', { name: 'Edit 4 Main Street' }));
    expect(onEdit).toHaveBeenLastCalledWith(second[0]);
  });

  it('keeps the row of a listing that stays when another one leaves', () => {
    const page = (ids: number[]) => ids.map((id) => parseListingRow(listingRowOf(createListing({ Address: `${id} Main Street`, Images: [] }), id)));
    const table = (listings: ReturnType<typeof page>) => (
      <MantineProvider env="test">
        <ListingsTable listings={listings} columns={LISTING_COLUMNS} selected={new Set()} onSelect={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} stale={false} />
      </MantineProvider>
    );
    const { rerender } = render(table(page([1, 2, 3])));
    const third = screen.getByRole('row', { name: /3 Main Street/ });
    rerender(table(page([1, 3, 4])));
    expect(screen.getByRole('row', { name: /3 Main Street/ })).toBe(third);
    expect(screen.queryByRole('row', { name: /2 Main Street/ })).toBeNull();
    expect(screen.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('1 Main Street'),
      expect.stringContaining('3 Main Street'),
      expect.stringContaining('4 Main Street'),
    ]);
  });

  it('sizes the columns in the header row only, and gives body cells a style only where they stick', () => {
    const { table } = renderTable();
    const [head, row] = within(table).getAllByRole('row');
    const [, headPhoto, , headCity] = within(head!).getAllByRole('columnheader');
    expect(headCity!.style.getPropertyValue('--width')).toBe('110px');
    expect(headPhoto!.style.getPropertyValue('--width')).toBe('84px');
    const cells = row!.querySelectorAll('td');
    const [select, photo, address, city] = cells;
    // The layout is fixed: widths on 1,400 body cells would change nothing but the time
    // a page takes to build and style (docs/performance.md).
    expect(city!.getAttribute('style')).toBeNull();
    expect([...cells].filter((cell) => cell.style.getPropertyValue('--width') !== '')).toEqual([]);
    expect(select!.style.getPropertyValue('--sticky-left')).toBe('0px');
    expect(photo!.style.getPropertyValue('--sticky-left')).toBe('44px');
    expect(address!.style.getPropertyValue('--sticky-left')).toBe('128px');
  });

  it('shows the whole text of a cell its column cuts short as a tooltip, on hover', async () => {
    const user = userEvent.setup();
    renderTable();
    const cell = screen.getByText('7 Elm Street').closest('td')!;
    const other = screen.getAllByText('For rent')[0]!.closest('td')!;
    // jsdom lays nothing out: the address cell is made to overflow, the other one not.
    Object.defineProperty(cell, 'scrollWidth', { value: 400 });
    Object.defineProperty(cell, 'clientWidth', { value: 250 });
    await user.hover(cell);
    expect(cell).toHaveAttribute('title', '7 Elm Street');
    await user.hover(other);
    expect(other).not.toHaveAttribute('title', 'For rent');
  });

  it('offers a member who may not change listings neither selection nor row buttons, header and rows keeping the same columns', () => {
    const listings = [parseListingRow(listingRowOf(createListing({ Address: '7 Elm Street', Images: [] }), 2))];
    render(
      <MantineProvider env="test">
        <ListingsTable listings={listings} columns={LISTING_COLUMNS} selected={new Set()} onSelect={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} stale={false} readOnly />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Listings' });
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit 7 Elm Street' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete 7 Elm Street' })).toBeNull();
    const [head, row] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader')).toHaveLength(LISTING_COLUMNS.length);
    expect(row!.querySelectorAll('td')).toHaveLength(LISTING_COLUMNS.length);
    // The naming columns stick from the table's edge, where the selection column was.
    const [photo, address] = row!.querySelectorAll('td');
    expect(photo!.style.getPropertyValue('--sticky-left')).toBe('0px');
    expect(address!.style.getPropertyValue('--sticky-left')).toBe('84px');
  });
});
