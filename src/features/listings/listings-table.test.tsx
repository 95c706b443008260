import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createListing, listingRowOf } from '../../test-data';
import { LISTING_COLUMNS } from './listing-columns';
import { ListingsTable } from './listings-table';
import { parseListingRow } from './parse-listing-row';

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
  render(
    <MantineProvider env="test">
      <ListingsTable
        listings={listings}
        columns={LISTING_COLUMNS}
        selected={selected}
        onSelect={onSelect}
        onEdit={onEdit}
        onDelete={onDelete}
        stale={false}
      />
    </MantineProvider>,
  );
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
});
