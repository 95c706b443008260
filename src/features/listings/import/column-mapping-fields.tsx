import { NativeSelect, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { LISTING_FIELD_LABELS, type ListingFieldName } from '../form/listing-form-schema';
import { IMPORT_FIELDS, type ColumnMapping } from './column-mapping';

const NOT_IMPORTED = '';
const OPTIONS = [
  { value: NOT_IMPORTED, label: 'Not imported' },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: `${field} (${LISTING_FIELD_LABELS[field]})` })),
];

/**
 * One select per column of the file: the listing field it fills. A few hundred options in
 * all, so it is drawn again only when the mapping changes, not with every preview update.
 */
export const ColumnMappingFields = memo(function ColumnMappingFields({
  headers,
  mapping,
  onChange,
}: {
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
      {headers.map((header, index) => (
        <NativeSelect
          // Headers may repeat or be blank; the position is what identifies a column.
          key={index}
          label={header || `Column ${index + 1} (no name)`}
          data={OPTIONS}
          value={mapping[index] ?? NOT_IMPORTED}
          size="xs"
          onChange={(event) => {
            const value = event.currentTarget.value;
            const next = [...mapping];
            // A field fills from one column: choosing it here frees it elsewhere.
            for (let other = 0; other < next.length; other += 1) if (next[other] === value) next[other] = null;
            next[index] = value === NOT_IMPORTED ? null : (value as ListingFieldName);
            onChange(next);
          }}
        />
      ))}
    </SimpleGrid>
  );
});
