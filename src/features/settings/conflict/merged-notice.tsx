import { Alert, Stack, Switch, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ChatbotSettingKey, ChatbotSettings } from '../../../api/contract';
import { settingLabels } from '../setting-fields';
import { diffSettings } from '../history/version-diff';
import { VersionDiffView } from '../history/version-diff-view';
import { remoteChangeLines } from './describe-remote-change';
import type { RemoteChange } from './remote-change';
import type { MergePlan } from './settings-merge';

/** A save that had to merge a change made elsewhere: what it was and how it was settled. */
export interface MergedSave {
  change: RemoteChange;
  plan: MergePlan;
  /** The settings the form had loaded, before the other change. */
  base: ChatbotSettings;
  /** The conflicting fields where the user kept their own value. */
  keptMine: ChatbotSettingKey[];
}


/**
 * Shown after such a save, until dismissed: a merge is never silent, even when no field needed
 * a choice, so the user knows the form now holds someone else's change too.
 */
export function MergedNotice({ change, plan, base, keptMine, onDismiss }: MergedSave & { onDismiss: () => void }) {
  const [showTheirs, setShowTheirs] = useState(false);
  const theirDiff = useMemo(() => diffSettings(base, change.settings), [base, change.settings]);
  const tookTheirs = plan.conflicts.filter((key) => !keptMine.includes(key));
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconGitMerge size={18} />}
      title="Merged with a change made elsewhere"
      mb="md"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss the merge notice"
      onClose={onDismiss}
      data-testid="merged-notice"
    >
      <Stack gap={4}>
        {remoteChangeLines(change).map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
        {plan.onlyTheirs.length > 0 && <Text size="sm">Their change kept: {settingLabels(plan.onlyTheirs)}</Text>}
        {plan.onlyMine.length > 0 && <Text size="sm">Your change saved: {settingLabels(plan.onlyMine)}</Text>}
        {keptMine.length > 0 && <Text size="sm">Both changed, yours kept: {settingLabels(keptMine)}</Text>}
        {tookTheirs.length > 0 && <Text size="sm">Both changed, theirs taken: {settingLabels(tookTheirs)}</Text>}
        <Switch mt={4} label="Show their change" checked={showTheirs} onChange={(event) => setShowTheirs(event.currentTarget.checked)} />
        {showTheirs && <VersionDiffView sections={theirDiff} showUnchanged={false} />}
      </Stack>
    </Alert>
  );
}
