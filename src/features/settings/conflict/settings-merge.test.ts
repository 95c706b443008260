import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHATBOT_SETTING_KEYS, type ChatbotSettingKey, type ChatbotSettings } from '../../../api/contract';
import { createChatbotSettings } from '../../../demo-data';
import { mergeSettings, planMerge } from './settings-merge';

const base = createChatbotSettings();

describe('planMerge', () => {
  it('sorts every field by who changed it: them, me, both alike, both differently', () => {
    const theirs = { ...base, Name: 'Theirs', WelcomeMessage: 'Hello from them', Temperature: 0.2 };
    const mine = { ...base, SystemMessage: 'Mine', WelcomeMessage: 'Hello from me', Temperature: 0.2 };
    expect(planMerge(base, theirs, mine)).toEqual({
      onlyTheirs: ['Name'],
      onlyMine: ['SystemMessage'],
      agreed: ['Temperature'],
      conflicts: ['WelcomeMessage'],
    });
  });

  it('finds nothing to merge when neither side changed anything', () => {
    expect(planMerge(base, { ...base }, { ...base })).toEqual({ onlyTheirs: [], onlyMine: [], agreed: [], conflicts: [] });
  });
});

describe('mergeSettings', () => {
  const theirs = { ...base, Name: 'Theirs', ChatBubbleColor: 'rgb(1,2,3)', MessageLimit: 50 };
  const mine = { ...base, SystemMessage: 'Mine', ChatBubbleColor: 'rgb(9,9,9)', MessageLimit: 75 };

  it('keeps both sides where they changed different fields, and theirs on a conflict not claimed', () => {
    expect(mergeSettings(base, theirs, mine, new Set())).toEqual({ ...base, Name: 'Theirs', SystemMessage: 'Mine', ChatBubbleColor: 'rgb(1,2,3)', MessageLimit: 50 });
  });

  it('keeps mine on each conflict the user claims, and only those', () => {
    expect(mergeSettings(base, theirs, mine, new Set<ChatbotSettingKey>(['ChatBubbleColor']))).toEqual({
      ...base,
      Name: 'Theirs',
      SystemMessage: 'Mine',
      ChatBubbleColor: 'rgb(9,9,9)',
      MessageLimit: 50,
    });
  });

  // Three random versions of the settings built from a few field changes each.
  const edits = fc.dictionary(fc.constantFrom(...CHATBOT_SETTING_KEYS), fc.constantFrom<unknown>('a', 'b', 7, true), { maxKeys: 6 });
  const apply = (overrides: Record<string, unknown>): ChatbotSettings => ({ ...base, ...overrides }) as ChatbotSettings;

  it('never loses a change: each field ends as one side changed it, or as the user chose', () => {
    fc.assert(
      fc.property(edits, edits, fc.subarray([...CHATBOT_SETTING_KEYS]), (theirEdits, myEdits, claimed) => {
        const [theirs, mine] = [apply(theirEdits), apply(myEdits)];
        const keepMine = new Set(claimed);
        const merged = mergeSettings(base, theirs, mine, keepMine);
        const plan = planMerge(base, theirs, mine);
        for (const key of plan.onlyTheirs) expect(merged[key]).toBe(theirs[key]);
        for (const key of [...plan.onlyMine, ...plan.agreed]) expect(merged[key]).toBe(mine[key]);
        for (const key of plan.conflicts) expect(merged[key]).toBe(keepMine.has(key) ? mine[key] : theirs[key]);
        // What nobody touched stays as it was.
        for (const key of CHATBOT_SETTING_KEYS) {
          if (Object.is(theirs[key], base[key]) && Object.is(mine[key], base[key])) expect(merged[key]).toBe(base[key]);
        }
      }),
    );
  });
});
