import { describe, expect, it } from 'vitest';
import { CHATBOT_SETTING_KEYS } from '../../../api/contract';
import { createChatbotSettings } from '../../../demo-data';
import { buildEditRequest } from '../settings-diff';
import { diffSettings, differingKeys, fieldDiffKind, lineDiff } from './version-diff';

describe('lineDiff', () => {
  it('marks removed and added lines, keeping the unchanged ones in order', () => {
    expect(lineDiff('Be friendly.\nOffer an agent.\nSign off.', 'Be friendly.\nMention a highlight.\nSign off.\nThanks!')).toEqual([
      { change: 'same', text: 'Be friendly.' },
      { change: 'removed', text: 'Offer an agent.' },
      { change: 'added', text: 'Mention a highlight.' },
      { change: 'same', text: 'Sign off.' },
      { change: 'added', text: 'Thanks!' },
    ]);
  });

  it('shows an emptied text as removed lines and a new one as added lines', () => {
    expect(lineDiff('a\nb', '')).toEqual([
      { change: 'removed', text: 'a' },
      { change: 'removed', text: 'b' },
    ]);
    expect(lineDiff('', 'x')).toEqual([{ change: 'added', text: 'x' }]);
  });
});

describe('diffSettings', () => {
  const before = createChatbotSettings();
  const after = createChatbotSettings({
    Name: 'Front desk',
    Temperature: 7,
    ChatBubbleColor: 'rgb(1,2,3)',
    EnablePushToTalk: !before.EnablePushToTalk,
    SuggestedMessage: `${before.SuggestedMessage}\nAny open houses this weekend?`,
  });

  it('lists every field once, in the form\'s sections, and marks those that differ', () => {
    const sections = diffSettings(before, after);
    expect(sections.flatMap((section) => section.fields.map((field) => field.key)).sort()).toEqual([...CHATBOT_SETTING_KEYS].sort());
    expect(differingKeys(before, after)).toEqual(['Name', 'Temperature', 'SuggestedMessage', 'ChatBubbleColor', 'EnablePushToTalk']);
    expect(sections.find((section) => section.id === 'general')!.changedCount).toBe(3);
    expect(sections.find((section) => section.id === 'reports')!.changedCount).toBe(0);
  });

  it('gives each field kind what its view needs: old and new values, and lines for long texts', () => {
    const fields = diffSettings(before, after).flatMap((section) => section.fields);
    const byKey = (key: string) => fields.find((field) => field.key === key)!;
    expect(byKey('ChatBubbleColor')).toMatchObject({ kind: 'colour', before: before.ChatBubbleColor, after: 'rgb(1,2,3)', changed: true });
    expect(byKey('Temperature')).toMatchObject({ kind: 'value', label: 'Temperature', before: before.Temperature, after: 7 });
    expect(byKey('EnablePushToTalk')).toMatchObject({ kind: 'value', before: false, after: true });
    expect(byKey('SuggestedMessage').kind).toBe('long-text');
    expect(byKey('SuggestedMessage').lines!.filter((line) => line.change !== 'same')).toEqual([{ change: 'added', text: 'Any open houses this weekend?' }]);
    expect(byKey('SystemMessage')).toMatchObject({ kind: 'long-text', changed: false });
    expect(byKey('SystemMessage').lines).toBeUndefined();
    expect(fieldDiffKind('UserMessageColor')).toBe('colour');
  });

  it('finds nothing between equal snapshots', () => {
    expect(differingKeys(before, createChatbotSettings())).toEqual([]);
  });
});

describe('a side that does not know a field (proxy mode)', () => {
  const fieldOf = (sections: ReturnType<typeof diffSettings>, key: string) => sections.flatMap((section) => section.fields).find((field) => field.key === key)!;

  it('counts a field only one side knows as changed, "not known before" or "not known", and one neither knows as unchanged', () => {
    const first = createChatbotSettings({ Name: 'Harbor', WelcomeMessage: '' });
    const now = createChatbotSettings({ Name: 'Harbor', WelcomeMessage: 'Hello' });
    const sections = diffSettings(first, now, { before: ['WelcomeMessage', 'SystemMessage'], after: ['SystemMessage', 'FacebookUrl'] });
    expect(fieldOf(sections, 'WelcomeMessage')).toMatchObject({ changed: true, unknown: 'before' });
    // A long text with an unknown side has no line diff: there is no earlier text to compare.
    expect(fieldOf(sections, 'WelcomeMessage').lines).toBeUndefined();
    expect(fieldOf(sections, 'FacebookUrl')).toMatchObject({ changed: true, unknown: 'after' });
    expect(fieldOf(sections, 'SystemMessage')).toMatchObject({ changed: false, unknown: 'both' });
    expect(fieldOf(sections, 'Name')).toMatchObject({ changed: false });
    expect(fieldOf(sections, 'Name').unknown).toBeUndefined();
  });
});

describe('restoring a version', () => {
  it('sends only the fields that differ from the current settings', () => {
    const current = createChatbotSettings({ Name: 'Now', WelcomeMessage: 'Hi now' });
    const version = createChatbotSettings({ Name: 'Then' });
    expect(buildEditRequest('demo-bot', current, version)).toEqual({
      serialNumber: 'demo-bot',
      Name: 'Then',
      WelcomeMessage: version.WelcomeMessage,
    });
  });
});
