import { Alert, Button, Group, Modal, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ChatbotSettingKey, ChatbotSettings } from '../../../api/contract';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { settingLabel, settingLabels } from '../setting-fields';
import { diffSettings } from '../history/version-diff';
import { SettingValue, VersionDiffView } from '../history/version-diff-view';
import { remoteChangeLines } from './describe-remote-change';
import type { RemoteChange } from './remote-change';
import type { MergePlan } from './settings-merge';

export interface ConflictModalProps {
  base: ChatbotSettings;
  mine: ChatbotSettings;
  change: RemoteChange;
  plan: MergePlan;
  /** The fields where the user keeps their own value; every other conflict takes the service's. */
  onResolve: (keepMine: ReadonlySet<ChatbotSettingKey>) => void;
  onCancel: () => void;
}

type Side = 'mine' | 'theirs';


/**
 * Shown by Save when someone else changed a field this form changed too: who and when, their
 * change in full, and for each field both changed, a choice between the two values. Fields only
 * one side changed are merged without asking and listed so nothing happens unseen.
 */
export function ConflictModal({ base, mine, change, plan, onResolve, onCancel }: ConflictModalProps) {
  const fullScreen = useFullScreenDialog();
  // The user's own edits are what they came to save: kept unless they choose otherwise.
  const [sides, setSides] = useState<Record<string, Side>>(() => Object.fromEntries(plan.conflicts.map((key) => [key, 'mine'])));
  const [showTheirs, setShowTheirs] = useState(false);
  const theirDiff = useMemo(() => diffSettings(base, change.settings), [base, change.settings]);
  const keepMine = new Set(plan.conflicts.filter((key) => sides[key] === 'mine'));

  return (
    <Modal
      opened
      onClose={onCancel}
      title="The settings changed while you were editing"
      size="xl"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Back to editing' }}
    >
      <Stack gap="md">
        <Alert variant="light" color="yellow" title="Changed elsewhere" role="status">
          <Stack gap={4} data-testid="remote-change">
            {remoteChangeLines(change).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
        <Title order={3} size="h5">
          {plan.conflicts.length === 1 ? 'One field was changed on both sides: choose its value' : `${plan.conflicts.length} fields were changed on both sides: choose each value`}
        </Title>
        {plan.conflicts.map((key) => (
          <Radio.Group
            key={key}
            label={settingLabel(key)}
            value={sides[key]}
            onChange={(value) => setSides((current) => ({ ...current, [key]: value as Side }))}
            data-testid={`conflict-${key}`}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="mine" label={<>Keep mine <SettingValue settingKey={key} value={mine[key]} /></>} />
              <Radio value="theirs" label={<>Take theirs <SettingValue settingKey={key} value={change.settings[key]} /></>} />
            </Stack>
          </Radio.Group>
        ))}
        {(plan.onlyTheirs.length > 0 || plan.onlyMine.length > 0) && (
          <Stack gap={4} data-testid="merged-without-asking">
            <Text size="sm" fw={600}>
              Merged without asking
            </Text>
            {plan.onlyTheirs.length > 0 && <Text size="sm">Their change kept: {settingLabels(plan.onlyTheirs)}</Text>}
            {plan.onlyMine.length > 0 && <Text size="sm">Your change saved: {settingLabels(plan.onlyMine)}</Text>}
          </Stack>
        )}
        <Switch label="Show their change in full" checked={showTheirs} onChange={(event) => setShowTheirs(event.currentTarget.checked)} />
        {showTheirs && <VersionDiffView sections={theirDiff} showUnchanged={false} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Back to editing
          </Button>
          <Button leftSection={<IconGitMerge size={16} />} onClick={() => onResolve(keepMine)}>
            Save merged settings
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
