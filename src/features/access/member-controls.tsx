import { Select } from '@mantine/core';
import type { Role } from '../../api/contract/permissions';
import { ChatbotsSelect } from './chatbots-select';
import { ROLE_SELECT_WIDTH } from './member-control-sizes';

/*
 * A member row's selects, a chunk of their own: Mantine's Select and MultiSelect bring the
 * combobox and its popover positioning (@floating-ui), which the table does not need to be
 * drawn. lazy-member-controls.tsx stands in for them until they arrive.
 */

export interface RoleSelectProps {
  value: Role;
  /** The roles the signed-in member may give. */
  roles: readonly Role[];
  onChange: (role: Role) => void;
  disabled: boolean;
}

export function RoleSelect({ value, roles, onChange, disabled }: RoleSelectProps) {
  return (
    <Select
      aria-label="Role"
      data={[...roles]}
      value={value}
      onChange={(role) => role && role !== value && onChange(role as Role)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      w={ROLE_SELECT_WIDTH}
    />
  );
}

export interface GrantSelectProps {
  value: readonly string[];
  onChange: (grant: string[]) => void;
  chatbotIds: readonly string[];
  error?: string;
}

/** A member's chatbots, in a row: the column header names it, the label is for screen readers. */
export function GrantSelect(props: GrantSelectProps) {
  return <ChatbotsSelect {...props} withVisibleLabel={false} />;
}
