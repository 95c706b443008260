import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo } from 'react';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ACTIONS, API_CLIENT, API_CLIENT_FILTER, type ActivityAction, type ActivityPage } from '../../api/contract/activity';
import { hasFilters, isBackwards, NO_FILTERS, type ActivityFilterValues } from './activity-view';

interface Option {
  value: string;
  label: string;
}

/**
 * The Member choices: everyone who appears in the entries the reader may see, then API
 * client. A member the URL names who is not (yet) among them stays chosen, by id, rather
 * than the select silently showing "Anyone" while the list is filtered by them.
 */
export function memberOptions(members: ActivityPage['Members'], selected: string): Option[] {
  const named = members.filter((member) => member.Id !== API_CLIENT_FILTER).sort((a, b) => a.Name.localeCompare(b.Name));
  const options = [{ value: '', label: 'Anyone' }, ...named.map((member) => ({ value: member.Id, label: member.Name })), { value: API_CLIENT_FILTER, label: API_CLIENT }];
  return withSelected(options, selected);
}

export function chatbotOptions(chatbotIds: readonly string[], selected: string): Option[] {
  return withSelected([{ value: '', label: 'All chatbots' }, ...chatbotIds.map((id) => ({ value: id, label: id }))], selected);
}

const ACTION_OPTIONS: Option[] = [{ value: '', label: 'Any action' }, ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: ACTIVITY_ACTION_LABELS[action] }))];

function withSelected(options: Option[], selected: string): Option[] {
  return selected === '' || options.some((option) => option.value === selected) ? options : [...options, { value: selected, label: selected }];
}

interface ActivityFiltersProps {
  filters: ActivityFilterValues;
  members: ActivityPage['Members'];
  chatbotIds: readonly string[];
  onChange: (filters: Partial<ActivityFilterValues>) => void;
}

// Full width on a phone, side by side from `xs` up.
const FIELD_WIDTH = { base: '100%', xs: 200 } as const;
const DAY_WIDTH = { base: '100%', xs: 170 } as const;

/**
 * Member, Chatbot, Action, From and To. Native selects and date inputs: each choice applies at
 * once (nothing to type and pause on), they work the same by keyboard and touch, and they
 * bring no popover code with them. Memoised: paging changes the URL, not the filters.
 */
export const ActivityFilters = memo(function ActivityFilters({ filters, members, chatbotIds, onChange }: ActivityFiltersProps) {
  const backwards = isBackwards(filters);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect
        label="Member"
        data={memberOptions(members, filters.member)}
        value={filters.member}
        onChange={(event) => onChange({ member: event.currentTarget.value })}
        w={FIELD_WIDTH}
      />
      <NativeSelect
        label="Chatbot"
        data={chatbotOptions(chatbotIds, filters.chatbot)}
        value={filters.chatbot}
        onChange={(event) => onChange({ chatbot: event.currentTarget.value })}
        w={FIELD_WIDTH}
      />
      <NativeSelect
        label="Action"
        data={ACTION_OPTIONS}
        value={filters.action}
        onChange={(event) => onChange({ action: event.currentTarget.value as ActivityAction | '' })}
        w={{ base: '100%', xs: 260 }}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        w={DAY_WIDTH}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        error={backwards ? 'To must be on or after From' : undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        w={DAY_WIDTH}
      />
      {hasFilters(filters) && (
        <Button variant="subtle" leftSection={<IconX size={16} />} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
});
