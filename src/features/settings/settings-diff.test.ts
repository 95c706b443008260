import { editRequestSchema } from '../../api/contract';
import { createChatbotSettings } from '../../demo-data';
import { buildEditRequest, changedSettingKeys, changedSettings } from './settings-diff';
import { formToSettings, normalizeSettings, toFormValues } from './settings-form-schema';

describe('changedSettingKeys', () => {
  it('finds nothing when nothing changed', () => {
    const saved = createChatbotSettings();
    expect(changedSettingKeys(saved, { ...saved })).toEqual([]);
  });

  it('lists every field that differs, of every type, in contract order', () => {
    const saved = createChatbotSettings();
    const next = {
      ...saved,
      MessageLimit: 500,
      Name: 'New name',
      VerifyDomain: !saved.VerifyDomain,
      ChatBubbleColor: 'rgb(1,2,3)',
    };
    expect(changedSettingKeys(saved, next)).toEqual(['Name', 'ChatBubbleColor', 'VerifyDomain', 'MessageLimit']);
  });

  it('counts a cleared number as a change', () => {
    const saved = createChatbotSettings({ Temperature: 0 });
    expect(changedSettingKeys(saved, { ...saved, Temperature: null })).toEqual(['Temperature']);
  });

  it('tells 0, false and the empty string apart', () => {
    const saved = createChatbotSettings({ Temperature: 0, AnswerSuffix: '', ChatbotPopupOnce: false });
    expect(changedSettingKeys(saved, { ...saved, Temperature: 0, AnswerSuffix: '', ChatbotPopupOnce: false })).toEqual([]);
    expect(changedSettingKeys(saved, { ...saved, AnswerSuffix: ' ' })).toEqual(['AnswerSuffix']);
  });
});

describe('buildEditRequest', () => {
  it('always sends serialNumber, and only that when nothing changed', () => {
    const saved = createChatbotSettings();
    expect(buildEditRequest('bot-1', saved, { ...saved })).toEqual({ serialNumber: 'bot-1' });
  });

  it('sends exactly the changed fields with their new values', () => {
    const saved = createChatbotSettings({ MessageLimit: -1 });
    const next = { ...saved, MessageLimit: 1000, TalkToHumanEmail: 'agent@example.com' };
    const request = buildEditRequest('bot-1', saved, next);
    expect(request).toEqual({ serialNumber: 'bot-1', TalkToHumanEmail: 'agent@example.com', MessageLimit: 1000 });
    expect(editRequestSchema.safeParse(request).success).toBe(true);
  });

  it('can send a field set back to an empty string', () => {
    const saved = createChatbotSettings({ FacebookUrl: 'https://facebook.com/sunrise' });
    expect(changedSettings(saved, { ...saved, FacebookUrl: '' })).toEqual({ FacebookUrl: '' });
  });

  it('does not count re-spelled lists the user never touched', () => {
    const saved = createChatbotSettings({ Domains: 'example.com, shop.example.com', SuggestedMessage: 'One\n\nTwo ' });
    const baseline = normalizeSettings(saved);
    const untouched = formToSettings(toFormValues(saved));
    expect(changedSettingKeys(baseline, untouched)).toEqual([]);
  });

  it('sends a list edit as its joined string', () => {
    const saved = normalizeSettings(createChatbotSettings({ Domains: 'example.com' }));
    const values = toFormValues(saved);
    values.Domains = [...values.Domains, ' shop.example.com ', ''];
    values.SuggestedMessage = ['Only this one'];
    const next = formToSettings(values);
    expect(changedSettingKeys(saved, next)).toEqual(['SuggestedMessage', 'Domains']);
    expect(next.Domains).toBe('example.com,shop.example.com');
    expect(next.SuggestedMessage).toBe('Only this one');
  });
});
