import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { SALE_TYPES } from '../../../api/contract';
import { SALE_TYPE_LABELS } from '../listing-labels';
import { hasFilters, type ListingView } from './listing-view';

export type ListingFilterValues = Pick<ListingView, 'city' | 'saleType' | 'mls'>;

interface ListingFiltersProps {
  filters: ListingFilterValues;
  onChange: (filters: Partial<ListingFilterValues>) => void;
}

const SALE_TYPE_OPTIONS = [
  { value: '', label: 'Any' },
  ...SALE_TYPES.map((value) => ({ value, label: SALE_TYPE_LABELS[value] })),
];

/** Memoised: paging changes the URL, not the filters, and must not re-render them. */
export const ListingFilters = memo(function ListingFilters({ filters: view, onChange }: ListingFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FilterText label="City" placeholder="e.g. Austin" value={view.city} onCommit={(city) => onChange({ city })} />
      <NativeSelect
        label="Sale type"
        data={SALE_TYPE_OPTIONS}
        value={view.saleType}
        onChange={(event) => onChange({ saleType: event.currentTarget.value as ListingFilterValues['saleType'] })}
        w={150}
      />
      <FilterText label="MLS number" placeholder="e.g. TX0529636" value={view.mls} onCommit={(mls) => onChange({ mls })} />
      {hasFilters(view) && (
        <Button variant="subtle" leftSection={<IconX size={16} />} onClick={() => onChange({ city: '', saleType: '', mls: '' })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
});

interface FilterTextProps {
  label: string;
  placeholder: string;
  /** The value in the URL. */
  value: string;
  onCommit: (value: string) => void;
}

/**
 * Typing updates the URL after a short pause (or at once on Enter), so the list is not
 * fetched per keystroke and history gets one entry per search, not per letter.
 */
function FilterText({ label, placeholder, value, onCommit }: FilterTextProps) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const commit = useDebouncedCallback((text: string) => {
    if (text.trim() !== value.trim()) onCommit(text.trim());
  }, 400);

  // The URL changed from outside (Back, a link, Clear filters): show what it says.
  if (value !== committed) {
    setCommitted(value);
    if (value !== draft.trim()) setDraft(value);
  }

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={draft}
      leftSection={<IconSearch size={16} />}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      onBlur={() => commit.flush()}
      w={200}
    />
  );
}
