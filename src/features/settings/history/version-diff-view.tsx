import { Box, ColorSwatch, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ChatbotSettings, ChatbotSettingKey } from '../../../api/contract';
import classes from './version-diff-view.module.css';
import type { FieldDiff, SectionDiff } from './version-diff';

function valueText(value: ChatbotSettings[ChatbotSettingKey]): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return value === '' ? '(empty)' : String(value);
}

function ColourChange({ field }: { field: FieldDiff }) {
  const swatch = (value: FieldDiff['before']) => (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={String(value)} size={18} aria-hidden />
      <Text size="sm" ff="monospace">
        {String(value)}
      </Text>
    </Group>
  );
  return (
    <Group gap="xs" wrap="wrap">
      {swatch(field.before)}
      <Text size="sm" aria-label="changed to">
        →
      </Text>
      {swatch(field.after)}
    </Group>
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

function FieldChange({ field }: { field: FieldDiff }) {
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
