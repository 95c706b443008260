import { Box, ComboboxChevron, getParsedComboboxData, Pill, PillsInput, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { loadOnce } from '../../lib/load-once';
import { runWhenIdle } from '../../lib/run-when-idle';
import { chatbotOptions } from './grant-labels';
import { CHATBOTS_SELECT_MIN_WIDTH, ROLE_SELECT_WIDTH } from './member-control-sizes';
import type { GrantSelectProps, RoleSelectProps } from './member-controls';

/*
 * A member row's Role and Chatbots selects arrive after the table has drawn: Mantine's Select
 * and MultiSelect bring the combobox and its popover positioning (@floating-ui, about 30 KB
 * gzipped with them), and a first visit to Members comes for the table (the first-visit
 * budget, e2e/first-visit-weight.spec.ts). Until they arrive each stands as a copy of its
 * looks built from the inputs the page has anyway (the current role with the select's
 * chevron; the chatbots as the multi-select's pills), of the same size, so nothing moves when
 * they come (e2e/layout-shift.spec.ts). The chunk is fetched at the first idle moment after
 * the table has drawn, and only when a row has them: a member who manages nobody else here
 * (a demo start) never downloads it.
 */

const fetchMemberControls = loadOnce(() => import('./member-controls'));
const roleSelect = deferComponent<RoleSelectProps>(() => fetchMemberControls().then((module) => module.RoleSelect));
const grantSelect = deferComponent<GrantSelectProps>(() => fetchMemberControls().then((module) => module.GrantSelect));

function loadMemberControls(): Promise<void> {
  return Promise.all([roleSelect.load(), grantSelect.load()]).then(() => undefined);
}

/**
 * Fetches the rows' selects at the page's first idle moment once `needed`; says whether the
 * download failed (their places then say so).
 */
export function useMemberControlsAtIdle(needed: boolean): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed) return;
    return runWhenIdle(() => void loadMemberControls().catch(() => setFailed(true)));
  }, [needed]);
  return { failed };
}

/** A placeholder takes no focus: a click on it would leave focus on an element about to go. */
const keepFocusOut = (event: SyntheticEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

function NotLoaded({ what }: { what: string }) {
  return (
    <Text size="sm" c="red" role="alert">
      This control could not be loaded. Reload the page to change {what}.
    </Text>
  );
}

export function LazyRoleSelect({ failed, ...props }: RoleSelectProps & { failed: boolean }) {
  const loaded = roleSelect.useLoaded();
  if (loaded) return roleSelect.render(props);
  if (failed) return <NotLoaded what="the role" />;
  // Mantine's Select is this input, read-only, showing its option's label, with the combobox's
  // chevron on its right. (TextInput and getParsedComboboxData, rather than InputBase and the
  // role itself, also keep those modules among this page's own imports: without them the
  // bundler made each a chunk of its own and the listings' first visit grew by 0.2 KB, over
  // its budget. See docs/performance.md.)
  const [option] = getParsedComboboxData([props.value]);
  return (
    <Box aria-busy onMouseDownCapture={keepFocusOut} onClickCapture={keepFocusOut} data-testid="role-placeholder">
      <TextInput
        aria-label="Role"
        value={option && 'label' in option ? option.label : props.value}
        readOnly
        tabIndex={-1}
        pointer
        rightSection={<ComboboxChevron />}
        rightSectionPointerEvents="none"
        w={ROLE_SELECT_WIDTH}
      />
    </Box>
  );
}

export function LazyGrantSelect({ failed, ...props }: GrantSelectProps & { failed: boolean }) {
  const loaded = grantSelect.useLoaded();
  if (loaded) return grantSelect.render(props);
  if (failed) return <NotLoaded what="the chatbots" />;
  const labels = new Map(chatbotOptions(props.chatbotIds, props.value).map((option) => [option.value, option.label]));
  // Mantine's MultiSelect is this pills input: a pill (with its remove button) per chatbot,
  // then the search field.
  return (
    <Box aria-busy onMouseDownCapture={keepFocusOut} onClickCapture={keepFocusOut} data-testid="chatbots-placeholder">
      <PillsInput miw={CHATBOTS_SELECT_MIN_WIDTH} rightSection={<ComboboxChevron />} rightSectionPointerEvents="none">
        <Pill.Group>
          {props.value.map((id) => (
            <Pill key={id} withRemoveButton>
              {labels.get(id) ?? id}
            </Pill>
          ))}
          <PillsInput.Field aria-label="Chatbots" type="visible" readOnly tabIndex={-1} />
        </Pill.Group>
      </PillsInput>
    </Box>
  );
}
