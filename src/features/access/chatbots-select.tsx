import { MultiSelect } from '@mantine/core';
import { chatbotOptions, nextGrant } from './grant-labels';
import { CHATBOTS_SELECT_MIN_WIDTH } from './member-control-sizes';

interface ChatbotsSelectProps {
  value: readonly string[];
  onChange: (grant: string[]) => void;
  chatbotIds: readonly string[];
  error?: string;
  /** Shown as the visible label; in a table row, the column header says it and the label is for screen readers. */
  withVisibleLabel?: boolean;
  disabled?: boolean;
}

/** Which chatbots a member works on: some of them, or "All chatbots" (later ones included). */
export function ChatbotsSelect({ value, onChange, chatbotIds, error, withVisibleLabel = true, disabled }: ChatbotsSelectProps) {
  return (
    <MultiSelect
      label={withVisibleLabel ? 'Chatbots' : undefined}
      aria-label={withVisibleLabel ? undefined : 'Chatbots'}
      data={chatbotOptions(chatbotIds, value)}
      value={[...value]}
      onChange={(picked) => onChange(nextGrant(value, picked))}
      error={error}
      disabled={disabled}
      searchable
      comboboxProps={{ withinPortal: true }}
      miw={CHATBOTS_SELECT_MIN_WIDTH}
    />
  );
}
