import { Box, ColorSwatch, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ChatbotSettings, ChatbotSettingKey } from '../../../api/contract';
import classes from './version-diff-view.module.css';
import { fieldDiffKind, type FieldDiff, type SectionDiff } from './version-diff';

function valueText(value: ChatbotSettings[ChatbotSettingKey]): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return value === '' ? '(empty)' : String(value);
}

function Swatch({ value }: { value: FieldDiff['before'] }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={String(value)} size={18} aria-hidden />
      <Text size="sm" ff="monospace">
        {String(value)}
      </Text>
    </Group>
  );
}

function ColourChange({ field }: { field: FieldDiff }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Swatch value={field.before} />
      <Text size="sm" aria-label="changed to">
        →
      </Text>
      <Swatch value={field.after} />
    </Group>
  );
}

/** One setting's value as the diff shows it: a colour as its swatch, a long text with its lines kept. */
export function SettingValue({ settingKey, value }: { settingKey: ChatbotSettingKey; value: ChatbotSettings[ChatbotSettingKey] }) {
  const kind = fieldDiffKind(settingKey);
  if (kind === 'colour') return <Swatch value={value} />;
  if (kind === 'value') return <Text size="sm">{valueText(value)}</Text>;
  // It may scroll, so a keyboard must be able to reach it.
  return (
    <Text size="sm" className={classes.longValue} tabIndex={0}>
      {valueText(value)}
    </Text>
  );
}

function LineChanges({ field }: { field: FieldDiff }) {
  return (
    <Box component="ol" className={classes.lines} aria-label={`Changes to ${field.label}, line by line`}>
      {field.lines!.map((line, index) => (
        <li key={index} className={classes.line} data-change={line.change}>
          <span aria-hidden className={classes.marker}>
            {line.change === 'added' ? '+' : line.change === 'removed' ? '−' : ' '}
          </span>
          {line.change !== 'same' && <VisuallyHidden>{line.change === 'added' ? 'Added: ' : 'Removed: '}</VisuallyHidden>}
          {line.text || ' '}
        </li>
      ))}
    </Box>
  );
}

/** A change where one side is not known (proxy mode): the known side's value, and which side is missing. */
function PartlyKnownChange({ field }: { field: FieldDiff }) {
  if (field.unknown === 'both') {
    return (
      <Text size="sm" c="dimmed">
        Not known: never saved through this console
      </Text>
    );
  }
  const before = field.unknown === 'before';
  return (
    <Group gap="xs" wrap="wrap">
      {before ? (
        <Text size="sm" fs="italic">
          not known before
        </Text>
      ) : (
        <SettingValue settingKey={field.key} value={field.before} />
      )}
      <Text size="sm" aria-label="changed to">
        →
      </Text>
      {before ? (
        <SettingValue settingKey={field.key} value={field.after} />
      ) : (
        <Text size="sm" fs="italic">
          not known
        </Text>
      )}
    </Group>
  );
}

function FieldChange({ field }: { field: FieldDiff }) {
  if (field.unknown !== undefined) return <PartlyKnownChange field={field} />;
  if (!field.changed) {
    return (
      <Text size="sm" c="dimmed">
        Unchanged: {valueText(field.before)}
      </Text>
    );
  }
  if (field.kind === 'colour') return <ColourChange field={field} />;
  if (field.kind === 'long-text') return <LineChanges field={field} />;
  return (
    <Text size="sm" className={classes.value}>
      <del>{valueText(field.before)}</del> → <ins>{valueText(field.after)}</ins>
    </Text>
  );
}

/** Two snapshots side by side, field by field, in the form's sections; unchanged fields only when asked. */
export function VersionDiffView({ sections, showUnchanged }: { sections: SectionDiff[]; showUnchanged: boolean }) {
  const shown = sections.filter((section) => showUnchanged || section.changedCount > 0);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No differences: these settings are the same.
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="version-diff">
      {shown.map((section) => (
        <Box component="section" key={section.id} aria-labelledby={`diff-${section.id}`}>
          <Title order={4} id={`diff-${section.id}`} size="h5" mb={6}>
            {section.title}
          </Title>
          <Stack gap={8}>
            {section.fields
              .filter((field) => showUnchanged || field.changed)
              .map((field) => (
                <div key={field.key} data-field={field.key} data-changed={field.changed}>
                  <Text size="sm" fw={600}>
                    {field.label}
                  </Text>
                  <FieldChange field={field} />
                </div>
              ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
