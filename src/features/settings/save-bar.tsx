import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { settingLabel } from './setting-fields';
import type { SettingsFormValues } from './settings-form-schema';
import { LeaveGuard } from './leave-guard';
import { useUnsavedSettings } from './use-unsaved-settings';

interface SaveBarProps {
  chatbotId: string;
  onReset: (changedLabels: string[]) => void;
}

/**
 * Everything that depends on "what is unsaved": the count and Save/Reset buttons, the
 * draft kept in localStorage, and the guard against leaving. It re-renders when the set of
 * changed fields changes, not on every keystroke (see useUnsavedSettings).
 */
export function SaveBar({ chatbotId, onReset }: SaveBarProps) {
  const { control } = useFormContext<SettingsFormValues>();
  const { isSubmitting } = useFormState({ control });
  const { changedKeys, discardDraft } = useUnsavedSettings(chatbotId);
  const changedLabels = useMemo(() => changedKeys.map(settingLabel), [changedKeys]);

  const count = changedKeys.length;
  return (
    <>
      <LeaveGuard when={count > 0} changedLabels={changedLabels} onDiscard={discardDraft} />
      <Paper
        withBorder
        shadow={count > 0 ? 'md' : undefined}
        radius="md"
        p="sm"
        pos="sticky"
        bottom={12}
        style={{ zIndex: 5 }}
        role="region"
        aria-label="Save settings"
      >
        {/* The buttons move under the text when both do not fit on one line (a phone). */}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text
            size="sm"
            c={count > 0 ? undefined : 'dimmed'}
            lineClamp={2}
            aria-live="polite"
            data-testid="unsaved-summary"
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          >
            {count === 0
              ? 'No unsaved changes'
              : `${count} unsaved ${count === 1 ? 'change' : 'changes'}: ${changedLabels.join(', ')}`}
          </Text>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Button
              variant="default"
              leftSection={<IconRestore size={16} />}
              disabled={count === 0 || isSubmitting}
              onClick={() => onReset(changedLabels)}
            >
              Reset
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} disabled={count === 0} loading={isSubmitting}>
              Save changes
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
