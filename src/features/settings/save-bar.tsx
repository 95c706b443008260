import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { changedSettingKeys } from './settings-diff';
import { settingLabel } from './setting-fields';
import { useSettingsBaseline } from './settings-baseline';
import { formToSettings, type SettingsFormValues } from './settings-form-schema';
import { clearDraft, saveDraft, type SettingsDraft } from './settings-storage';
import { LeaveGuard } from './leave-guard';

interface SaveBarProps {
  chatbotId: string;
  onReset: (changedLabels: string[]) => void;
}

/**
 * Everything that depends on "what is unsaved": the count and Save/Reset buttons, the
 * draft kept in localStorage, and the guard against leaving. It watches every value, so
 * it re-renders on each keystroke; it is small, and keeps that work out of the form.
 */
export function SaveBar({ chatbotId, onReset }: SaveBarProps) {
  const { control } = useFormContext<SettingsFormValues>();
  const values = useWatch({ control }) as SettingsFormValues;
  const { isSubmitting } = useFormState({ control });
  const baseline = useSettingsBaseline();
  const changedKeys = useMemo(() => changedSettingKeys(baseline, formToSettings(values)), [baseline, values]);
  const changedLabels = changedKeys.map(settingLabel);

  useEffect(() => {
    const draft: Record<string, unknown> = {};
    for (const key of changedKeys) draft[key] = values[key];
    saveDraft(chatbotId, draft as SettingsDraft);
  }, [chatbotId, changedKeys, values]);

  const count = changedKeys.length;
  return (
    <>
      <LeaveGuard when={count > 0} changedLabels={changedLabels} onDiscard={() => clearDraft(chatbotId)} />
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
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c={count > 0 ? undefined : 'dimmed'} lineClamp={2} aria-live="polite" data-testid="unsaved-summary">
            {count === 0
              ? 'No unsaved changes'
              : `${count} unsaved ${count === 1 ? 'change' : 'changes'}: ${changedLabels.join(', ')}`}
          </Text>
          <Group gap="xs" wrap="nowrap">
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
