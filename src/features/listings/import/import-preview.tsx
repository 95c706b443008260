import { List, ScrollArea, Table, Text } from '@mantine/core';
import type { ImportFailure } from './import-runner';
import type { ValidRow } from './validate-file';

export const PREVIEW_ROWS = 5;
/** Listed on screen; every one of them is in the failed-rows CSV. */
const LISTED_ISSUES = 100;

/** The first valid rows as they will be sent: whether each creates or updates, and its main fields. */
export function ImportPreview({ rows, isUpdate }: { rows: readonly ValidRow[]; isUpdate: (row: ValidRow) => boolean }) {
  return (
    // Focusable, so it scrolls by keyboard on a narrow screen.
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Preview (scrolls sideways)' }}>
      <Table striped withTableBorder fz="sm" miw={640} aria-label="Preview of the first rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Sent as</Table.Th>
            <Table.Th>MLS number</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Beds</Table.Th>
            <Table.Th>Baths</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, PREVIEW_ROWS).map((row) => {
            const { fields } = row;
            const price = fields.SaleType === 'for_rent' ? fields.RentPrice : fields.SalePrice;
            return (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{isUpdate(row) ? 'Update' : 'Create'}</Table.Td>
                <Table.Td>{fields.MLSNumber}</Table.Td>
                <Table.Td>{fields.Address}</Table.Td>
                <Table.Td>{fields.City}</Table.Td>
                <Table.Td>{price === undefined ? '' : `${fields.CurrencySymbol}${price.toLocaleString('en-US')}`}</Table.Td>
                <Table.Td>{fields.Bedrooms}</Table.Td>
                <Table.Td>{fields.Bathrooms}</Table.Td>
                <Table.Td>{fields.Status}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** "Row 7 · Bedrooms: must be a whole number", the first LISTED_ISSUES of them. */
export function RowIssueList({ failures, label }: { failures: readonly ImportFailure[]; label: string }) {
  return (
    <>
      <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` }}>
        <List size="sm" spacing={4} aria-label={label}>
          {failures.slice(0, LISTED_ISSUES).map((failure) => (
            <List.Item key={failure.row}>
              <Text span fw={600} size="sm">{`Row ${failure.row}`}</Text>
              {` · ${failure.reason}`}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {failures.length > LISTED_ISSUES && (
        <Text size="xs" c="dimmed">{`…and ${failures.length - LISTED_ISSUES} more, all of them in the failed-rows CSV.`}</Text>
      )}
    </>
  );
}
