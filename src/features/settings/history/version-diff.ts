import { diffLines } from 'diff';
import type { ChatbotSettingKey, ChatbotSettings } from '../../../api/contract';
import { SETTINGS_SECTIONS, settingLabel, type SettingsSectionId } from '../setting-fields';

/** How a field's change is shown: colours as swatches, long texts line by line, the rest as old → new. */
export type FieldDiffKind = 'colour' | 'long-text' | 'value';

const COLOUR_FIELDS: ReadonlySet<ChatbotSettingKey> = new Set(['ChatBubbleColor', 'UserMessageColor']);
const LONG_TEXT_FIELDS: ReadonlySet<ChatbotSettingKey> = new Set(['SystemMessage', 'WelcomeMessage', 'SuggestedMessage', 'TalkToHumanResponseMessage']);

export function fieldDiffKind(key: ChatbotSettingKey): FieldDiffKind {
  if (COLOUR_FIELDS.has(key)) return 'colour';
  return LONG_TEXT_FIELDS.has(key) ? 'long-text' : 'value';
}

export interface DiffLine {
  change: 'added' | 'removed' | 'same';
  text: string;
}

/** Lines of `before` and `after`, each marked kept, removed or added, in reading order. */
export function lineDiff(before: string, after: string): DiffLine[] {
  // Every line ends with a newline, so a last line that gained a successor is not counted as changed.
  const terminated = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  return diffLines(terminated(before), terminated(after)).flatMap((part) => {
    const change = part.added ? 'added' : part.removed ? 'removed' : 'same';
    // A part ends with its newline; split it into the lines a reader sees.
    const lines = part.value.replace(/\n$/, '').split('\n');
    return lines.map((text) => ({ change, text }) satisfies DiffLine);
  });
}

export interface FieldDiff {
  key: ChatbotSettingKey;
  label: string;
  kind: FieldDiffKind;
  before: ChatbotSettings[ChatbotSettingKey];
  after: ChatbotSettings[ChatbotSettingKey];
  changed: boolean;
  /** A side whose value is a placeholder (proxy mode: never saved through this console up to it). */
  unknown?: 'before' | 'after' | 'both';
  /** For long texts that changed. */
  lines?: DiffLine[];
}

/** The fields each side does not know (a version's or the form's UnknownFields). */
export interface UnknownSides {
  before?: readonly ChatbotSettingKey[];
  after?: readonly ChatbotSettingKey[];
}

function unknownSide(key: ChatbotSettingKey, before: ReadonlySet<ChatbotSettingKey>, after: ReadonlySet<ChatbotSettingKey>): FieldDiff['unknown'] {
  if (before.has(key)) return after.has(key) ? 'both' : 'before';
  return after.has(key) ? 'after' : undefined;
}

export interface SectionDiff {
  id: SettingsSectionId;
  title: string;
  fields: FieldDiff[];
  changedCount: number;
}

/**
 * Two snapshots compared field by field, in the form's sections and order. Every field is
 * listed (a view hides the unchanged ones behind "show all"); `changed` says which differ.
 * A field only one side knows counts as changed (nobody can say it is the same); one neither
 * side knows, as unchanged.
 */
export function diffSettings(before: ChatbotSettings, after: ChatbotSettings, unknownSides: UnknownSides = {}): SectionDiff[] {
  const unknownBefore = new Set(unknownSides.before);
  const unknownAfter = new Set(unknownSides.after);
  return SETTINGS_SECTIONS.map(({ id, title, fields }) => {
    const diffs = fields.map((key): FieldDiff => {
      const unknown = unknownSide(key, unknownBefore, unknownAfter);
      const changed = unknown === undefined ? !Object.is(before[key], after[key]) : unknown !== 'both';
      const kind = fieldDiffKind(key);
      const diff: FieldDiff = { key, label: settingLabel(key), kind, before: before[key], after: after[key], changed };
      if (unknown !== undefined) diff.unknown = unknown;
      else if (changed && kind === 'long-text') diff.lines = lineDiff(String(before[key]), String(after[key]));
      return diff;
    });
    return { id, title, fields: diffs, changedCount: diffs.filter((diff) => diff.changed).length };
  });
}

/** The keys that differ between two snapshots, in the form's order. */
export function differingKeys(before: ChatbotSettings, after: ChatbotSettings): ChatbotSettingKey[] {
  return diffSettings(before, after).flatMap((section) => section.fields.filter((field) => field.changed).map((field) => field.key));
}
