import { listToDomains } from '../../lib/setting-lists';
import { CHATBOT_SETTING_KEYS, DOMAIN_ENTRY_RULE, domainsText } from '../../api/contract';
import { createChatbotSettings } from '../../demo-data';
import { SETTINGS_SECTIONS } from './setting-fields';
import { settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form-schema';

function valuesWith(overrides: Partial<SettingsFormValues>): SettingsFormValues {
  return { ...toFormValues(createChatbotSettings()), ...overrides };
}

function messagesOf(values: SettingsFormValues): Record<string, string> {
  const result = settingsFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settingsFormSchema', () => {
  it('accepts the demo settings', () => {
    expect(messagesOf(valuesWith({}))).toEqual({});
  });

  it('places every Edit field in exactly one section', () => {
    const placed = SETTINGS_SECTIONS.flatMap((section) => section.fields);
    expect([...placed].sort()).toEqual([...CHATBOT_SETTING_KEYS].sort());
  });

  it('names the field of a bad e-mail, URL and colour', () => {
    expect(
      messagesOf(
        valuesWith({
          TalkToHumanEmail: 'not-an-email',
          FacebookUrl: 'facebook.com/sunrise',
          InstagramUrl: 'javascript:alert(1)',
          ChatBubbleColor: 'blue',
          UserMessageColor: 'rgb(300,0,0)',
        }),
      ),
    ).toEqual({
      TalkToHumanEmail: 'must be an e-mail address such as name@example.com',
      FacebookUrl: 'must be a full http:// or https:// address',
      InstagramUrl: 'must be a full http:// or https:// address',
      ChatBubbleColor: 'must be a colour written as rgb(r,g,b) with each channel 0 to 255',
      UserMessageColor: 'must be a colour written as rgb(r,g,b) with each channel 0 to 255',
    });
  });

  it('allows clearing optional links and addresses', () => {
    expect(messagesOf(valuesWith({ TalkToHumanEmail: '', WhatsappUrl: '', CustomDomain: '' }))).toEqual({});
  });

  it('checks each domain and points at the bad one, ignoring blank rows', () => {
    expect(messagesOf(valuesWith({ Domains: ['example.com', '', 'https://shop.example.com/'] }))).toEqual({
      'Domains.2': `must be ${DOMAIN_ENTRY_RULE}`,
    });
    expect(messagesOf(valuesWith({ Domains: [' example.com ', '  '] }))).toEqual({});
  });

  it('wants whole numbers', () => {
    expect(messagesOf(valuesWith({ Temperature: 0.5 }))).toEqual({ Temperature: 'must be a whole number' });
  });

  it('reports an emptied number as required', () => {
    expect(messagesOf(valuesWith({ Temperature: null, MessageLimit: null }))).toEqual({
      Temperature: 'is required',
      MessageLimit: 'is required',
    });
  });

  it('wants the rate limit count and window together', () => {
    expect(messagesOf(valuesWith({ RateLimitCount: null }))).toEqual({
      RateLimitCount: 'must be set together with Rate limit window',
    });
    expect(messagesOf(valuesWith({ RateLimitTime: null }))).toEqual({
      RateLimitTime: 'must be set together with Rate limit count',
    });
    expect(messagesOf(valuesWith({ RateLimitCount: null, RateLimitTime: null }))).toEqual({
      RateLimitCount: 'is required',
      RateLimitTime: 'is required',
    });
    expect(messagesOf(valuesWith({ RateLimitCount: 0 }))).toEqual({ RateLimitCount: 'must be at least 1' });
  });

  it('takes -1 or at least 1 as the monthly limit', () => {
    expect(messagesOf(valuesWith({ MessageLimit: -1 }))).toEqual({});
    expect(messagesOf(valuesWith({ MessageLimit: 1 }))).toEqual({});
    expect(messagesOf(valuesWith({ MessageLimit: 0 }))).toEqual({ MessageLimit: 'must be -1 (unlimited) or at least 1' });
    expect(messagesOf(valuesWith({ MessageLimit: -5 }))).toEqual({ MessageLimit: 'must be -1 (unlimited) or at least 1' });
  });
});

describe('toFormValues', () => {
  it('turns the two list fields into lists', () => {
    const values = toFormValues(createChatbotSettings({ SuggestedMessage: 'One\nTwo', Domains: 'a.example.com,b.example.com' }));
    expect(values.SuggestedMessage).toEqual(['One', 'Two']);
    expect(values.Domains).toEqual(['a.example.com', 'b.example.com']);
  });
});

describe('the domains list', () => {
  it('is written as the contract accepts it', () => {
    expect(domainsText.safeParse(listToDomains(['example.com', ' shop.example.co.uk '])).success).toBe(true);
  });
});
