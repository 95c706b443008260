import { Alert, Badge, Button, Drawer, Group, Loader, NavLink, Pagination, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ChatbotSettingKey, ChatbotSettings, VersionDetail, VersionSummary } from '../../../api/contract';
import { ErrorAlert } from '../../../components/error-alert';
import { settingLabels } from '../setting-fields';
import { versionAuthor } from './version-author';
import { diffSettings } from './version-diff';
import { VersionDiffView } from './version-diff-view';
import { useVersionDetail, useVersionsPage, VERSIONS_PAGE_SIZE } from './use-settings-history';

export interface HistoryDrawerProps {
  opened: boolean;
  onClose: () => void;
  chatbotId: string;
  /** The settings as last saved: what a version is compared with by default. */
  current: ChatbotSettings;
  /** The fields `current` does not know (proxy mode: never saved through this console). */
  currentUnknown?: readonly ChatbotSettingKey[];
  /** Puts a version's values into the form as unsaved changes; without it (a member who may not edit) there is no Restore. */
  onRestore?: (version: VersionDetail) => void;
  /** The version to show when the drawer opens (a link to it), if any. */
  initialVersion?: number | null;
}

/** What a version did: "restored v12", or the fields it changed. */
function changedText(version: VersionSummary): string {
  if (version.Source === 'created') return 'First settings';
  // Proxy mode: the team's history starts with the first save through this console, which knows only what it sent.
  if (version.Version === 1 && (version.UnknownFields?.length ?? 0) > 0) return `First save through this console: ${settingLabels(version.ChangedFields)}`;
  if (version.RestoredFrom !== null) return `restored v${version.RestoredFrom}`;
  if (version.ChangedFields.length === 0) return 'No field changed';
  return settingLabels(version.ChangedFields);
}

/** "14:02" today, "25 Nov, 14:02" before: the list is read newest first, mostly today's. */
function shortTime(milliseconds: number, now = new Date()): string {
  const at = new Date(milliseconds);
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString(undefined, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}

/** One line of the history list: "Dana Ruiz · 14:02 · Welcome message, Name". */
export function versionLine(version: VersionSummary, now?: Date): string {
  return `${versionAuthor(version)} · ${shortTime(version.CreatedAt, now)} · ${changedText(version)}`;
}

const CURRENT = 'current';

function VersionComparison({
  chatbotId,
  version,
  others,
  current,
  currentUnknown,
  onRestore,
}: {
  chatbotId: string;
  version: number;
  others: VersionSummary[];
  current: ChatbotSettings;
  currentUnknown?: readonly ChatbotSettingKey[];
  onRestore?: (version: VersionDetail) => void;
}) {
  const [compareWith, setCompareWith] = useState<string>(CURRENT);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const selected = useVersionDetail(chatbotId, version);
  const other = useVersionDetail(chatbotId, compareWith === CURRENT ? null : Number(compareWith));
  const against = compareWith === CURRENT ? current : other.data?.Settings;
  const againstUnknown = compareWith === CURRENT ? currentUnknown : other.data?.UnknownFields;
  const sections = useMemo(
    () => (selected.data && against ? diffSettings(selected.data.Settings, against, { before: selected.data.UnknownFields, after: againstUnknown }) : null),
    [selected.data, against, againstUnknown],
  );

  if (selected.isError) return <ErrorAlert error={selected.error} title={`Version ${version} could not be loaded`} onRetry={() => void selected.refetch()} />;
  return (
    <Stack gap="sm" aria-label={`Version ${version}`} role="region">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3} size="h4">
          Version {version}
        </Title>
        <Select
          label="Compare with"
          size="xs"
          w={200}
          allowDeselect={false}
          value={compareWith}
          onChange={(value) => setCompareWith(value ?? CURRENT)}
          data={[
            { value: CURRENT, label: 'Current settings' },
            ...others.filter((item) => item.Version !== version).map((item) => ({ value: String(item.Version), label: `Version ${item.Version}` })),
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Each change reads: in version {version} → in {compareWith === CURRENT ? 'the current settings' : `version ${compareWith}`}.
      </Text>
      {(selected.data?.UnknownFields?.length ?? 0) > 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} role="status">
          This version knows only the settings saved through this console up to it; the others read &quot;not known&quot;, and Restore
          leaves them as they are.
        </Alert>
      )}
      <Switch label="Show unchanged fields" checked={showUnchanged} onChange={(event) => setShowUnchanged(event.currentTarget.checked)} />
      {sections ? <VersionDiffView sections={sections} showUnchanged={showUnchanged} /> : <Loader size="sm" aria-label="Loading the version" />}
      {onRestore && (
        <Group>
          <Button leftSection={<IconArrowBackUp size={16} />} disabled={!selected.data} onClick={() => selected.data && onRestore(selected.data)}>
            Restore this version
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The settings history: every saved version, newest first, each comparable with the current
 * settings or another version, and restorable into the form (never saved without review)
 * when `onRestore` is given.
 */
export function HistoryDrawer({ opened, onClose, chatbotId, current, currentUnknown, onRestore, initialVersion = null }: HistoryDrawerProps) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(initialVersion);
  const versions = useVersionsPage(chatbotId, page);
  const narrow = useMediaQuery('(max-width: 48em)');
  const data = versions.data;
  const newest = page === 1 ? data?.List[0]?.Version : undefined;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title="Settings history"
      closeButtonProps={{ 'aria-label': 'Close the history' }}
    >
      <Stack gap="md">
        {versions.isError && <ErrorAlert error={versions.error} title="The history could not be loaded" onRetry={() => void versions.refetch()} />}
        {versions.isPending && <Loader size="sm" aria-label="Loading the history" />}
        {data && data.List.length === 0 && <Text c="dimmed">No saves yet.</Text>}
        {data && data.List.length > 0 && (
          <nav aria-label="Versions">
            {data.List.map((version) => (
              <NavLink
                key={version.Version}
                component="button"
                type="button"
                active={selected === version.Version}
                aria-current={selected === version.Version ? 'true' : undefined}
                onClick={() => setSelected(version.Version)}
                label={
                  <>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        Version {version.Version}
                      </Text>
                      {version.Version === newest && (
                        <Badge size="sm" variant="light">
                          Current
                        </Badge>
                      )}
                    </Group>
                    {/* In the label's own colour: the dimmed description fails contrast on the active item's background. */}
                    <Text size="xs" c={selected === version.Version ? undefined : 'dimmed'}>
                      {versionLine(version)}
                    </Text>
                  </>
                }
                data-testid="version-item"
              />
            ))}
          </nav>
        )}
        {data && data.VirtualCount > VERSIONS_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(data.VirtualCount / VERSIONS_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
        {selected !== null && data && (
          <VersionComparison
            key={selected}
            chatbotId={chatbotId}
            version={selected}
            others={data.List}
            current={current}
            currentUnknown={currentUnknown}
            onRestore={onRestore}
          />
        )}
      </Stack>
    </Drawer>
  );
}
