import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { createChatbotSettings } from '../../demo-data';
import {
  CHATBOT_SETTING_KEYS,
  DOMAIN_ENTRY_RULE,
  detailRequestSchema,
  detailResponseDataSchema,
  editRequestSchema,
  editResponseDataSchema,
  getSessionRequestSchema,
  getSessionResponseDataSchema,
  modelListResponseDataSchema,
} from './chatbot';
import { messageOfZodError } from './errors';

/** What the service would answer for `value`: 'valid', or its Message. */
function verdict(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? 'valid' : messageOfZodError(result.error);
}

const edit = (fields: Record<string, unknown>) => verdict(editRequestSchema, { serialNumber: 'demo-bot', ...fields });

describe('Edit request', () => {
  it('needs only serialNumber', () => {
    expect(verdict(editRequestSchema, { serialNumber: 'demo-bot' })).toBe('valid');
  });

  it('accepts every setting of section 2.2 at once', () => {
    const settings = createChatbotSettings();
    expect(Object.keys(settings).sort()).toEqual([...CHATBOT_SETTING_KEYS].sort());
    expect(edit(settings)).toBe('valid');
  });

  it('lists exactly the fields of section 2.2', () => {
    expect(Object.keys(editRequestSchema.shape).sort()).toEqual(
      [
        'serialNumber', 'Name', 'Model', 'SystemMessage', 'Temperature', 'TimeZone', 'AnswerSuffix', 'ChatProfilePicture',
        'ChatIcon', 'ChatBubbleAlign', 'ChatBubbleColor', 'ChatbotPopupOnce', 'ChatbotPrivacyPolicyDescription',
        'ChatbotPrivacyPolicyName', 'ChatbotPrivacyPolicyUrl', 'EnablePushToTalk', 'EnableUploadImage', 'FacebookUrl',
        'InstagramUrl', 'RemoveChatLogOnBrowserClose', 'SuggestedMessage', 'TalkToHumanEmail', 'TalkToHumanResponseMessage',
        'UserInputPlaceholder', 'UserMessageColor', 'WelcomeMessage', 'WhatsappUrl', 'VerifyDomain', 'Domains',
        'RateLimitCount', 'RateLimitMessage', 'RateLimitTime', 'CustomDomain', 'EmailForDailyChatLogs', 'EmailForDailyLeads',
        'AIResponseLanguage', 'MessageLimit',
      ].sort(),
    );
  });

  it('requires a non-blank serialNumber', () => {
    expect(verdict(editRequestSchema, { Name: 'Sunny' })).toBe('serialNumber: is required');
    expect(verdict(editRequestSchema, { serialNumber: '  ' })).toBe('serialNumber: is required');
    expect(verdict(editRequestSchema, { serialNumber: 42 })).toMatch(/^serialNumber: /);
  });

  it.each([
    ['SerialNumber', { SerialNumber: 'demo-bot', serialNumber: 'demo-bot' }],
    ['name', { serialNumber: 'demo-bot', name: 'Sunny' }],
    ['chatBubbleColor', { serialNumber: 'demo-bot', chatBubbleColor: 'rgb(0,0,0)' }],
    ['AiResponseLanguage', { serialNumber: 'demo-bot', AiResponseLanguage: 'English' }],
    ['Whatsappurl', { serialNumber: 'demo-bot', Whatsappurl: 'https://wa.me/1' }],
    ['Bogus', { serialNumber: 'demo-bot', Bogus: true }],
  ])('rejects the unknown or wrongly cased field %s', (field, body) => {
    expect(verdict(editRequestSchema, body)).toBe(`${field}: is not a field of this operation`);
  });

  it('reports a wrongly cased serialNumber as missing and unknown', () => {
    const result = editRequestSchema.safeParse({ SerialNumber: 'demo-bot' });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['invalid_type', 'unrecognized_keys']);
    expect(result.error?.issues[1]).toMatchObject({ keys: ['SerialNumber'] });
  });

  it.each(['ChatBubbleColor', 'UserMessageColor'])('%s takes rgb(r,g,b) only', (field) => {
    expect(edit({ [field]: 'rgb(0,0,0)' })).toBe('valid');
    expect(edit({ [field]: 'rgb(255, 255, 255)' })).toBe('valid');
    for (const colour of ['rgb(256,0,0)', '#fff', 'rgb(1,2)', '']) {
      expect(edit({ [field]: colour })).toBe(`${field}: must be a colour written as rgb(r,g,b) with each channel 0 to 255`);
    }
  });

  it.each(['ChatbotPrivacyPolicyUrl', 'FacebookUrl', 'InstagramUrl', 'WhatsappUrl'])('%s takes an http(s) address or nothing', (field) => {
    for (const url of ['', 'https://example.com/privacy', 'http://example.com']) expect(edit({ [field]: url })).toBe('valid');
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'wa.me/1555']) {
      expect(edit({ [field]: url })).toBe(`${field}: must be a full http:// or https:// address`);
    }
  });

  it.each(['TalkToHumanEmail', 'EmailForDailyChatLogs', 'EmailForDailyLeads'])('%s takes an e-mail address or nothing', (field) => {
    expect(edit({ [field]: '' })).toBe('valid');
    expect(edit({ [field]: 'agent@example.com' })).toBe('valid');
    for (const address of ['agent', 'agent@', 'a@b', 'agent@example.com, other@example.com']) {
      expect(edit({ [field]: address })).toBe(`${field}: must be an e-mail address such as name@example.com`);
    }
  });

  it.each(['Temperature', 'ChatBubbleAlign', 'RateLimitCount', 'RateLimitTime', 'MessageLimit'])('%s is a whole number', (field) => {
    expect(edit({ [field]: 1 })).toBe('valid');
    expect(edit({ [field]: 1.5 })).toBe(`${field}: must be a whole number`);
    expect(edit({ [field]: '1' })).toBe(`${field}: must be a whole number`);
  });

  it('keeps the rate limit and the message limit meaningful', () => {
    expect(edit({ RateLimitCount: 0 })).toBe('RateLimitCount: must be at least 1');
    expect(edit({ RateLimitTime: 0 })).toBe('RateLimitTime: must be at least 1 second');
    expect(edit({ MessageLimit: -1 })).toBe('valid');
    expect(edit({ MessageLimit: 500 })).toBe('valid');
    expect(edit({ MessageLimit: 0 })).toBe('MessageLimit: must be -1 (unlimited) or at least 1');
    expect(edit({ MessageLimit: -2 })).toBe('MessageLimit: must be -1 (unlimited) or at least 1');
  });

  it.each(['ChatbotPopupOnce', 'EnablePushToTalk', 'EnableUploadImage', 'RemoveChatLogOnBrowserClose', 'VerifyDomain'])('%s is a boolean', (field) => {
    expect(edit({ [field]: true })).toBe('valid');
    expect(edit({ [field]: false })).toBe('valid');
    expect(edit({ [field]: 'true' })).toMatch(new RegExp(`^${field}: (?!is required)`));
    expect(edit({ [field]: 1 })).toMatch(new RegExp(`^${field}: `));
  });

  it('takes Domains as hosts, wildcards and ports separated by commas', () => {
    expect(edit({ Domains: '' })).toBe('valid');
    expect(edit({ Domains: 'example.com, shop.example.com, *.example.org, localhost:5173' })).toBe('valid');
    expect(edit({ Domains: 'https://example.com/' })).toBe(`Domains: must be entries separated by commas, each ${DOMAIN_ENTRY_RULE}`);
    expect(edit({ Domains: 'example.com,,shop.example.com' })).toMatch(/^Domains: /);
  });

  it('takes CustomDomain as a host name or nothing', () => {
    expect(edit({ CustomDomain: '' })).toBe('valid');
    expect(edit({ CustomDomain: 'chat.example.com' })).toBe('valid');
    expect(edit({ CustomDomain: 'https://chat.example.com' })).toMatch(/^CustomDomain: must be a host name such as /);
  });

  it('limits the name to 200 characters', () => {
    expect(edit({ Name: 'n'.repeat(200) })).toBe('valid');
    expect(edit({ Name: 'n'.repeat(201) })).toBe('Name: must be at most 200 characters');
  });

  it('answers with Data 1 as an integer', () => {
    expect(verdict(editResponseDataSchema, 1)).toBe('valid');
    expect(verdict(editResponseDataSchema, '1')).not.toBe('valid');
    expect(verdict(editResponseDataSchema, true)).not.toBe('valid');
  });
});

describe('Detail', () => {
  it('asks with serialNumber only', () => {
    expect(verdict(detailRequestSchema, { serialNumber: 'demo-bot' })).toBe('valid');
    expect(verdict(detailRequestSchema, {})).toBe('serialNumber: is required');
    expect(verdict(detailRequestSchema, { SerialNumber: 'demo-bot', serialNumber: 'demo-bot' })).toBe('SerialNumber: is not a field of this operation');
    expect(verdict(detailRequestSchema, { serialNumber: 'demo-bot', Name: 'Sunny' })).toBe('Name: is not a field of this operation');
  });

  it('answers with every setting and the serialNumber', () => {
    expect(verdict(detailResponseDataSchema, { serialNumber: 'demo-bot', ...createChatbotSettings() })).toBe('valid');
    expect(verdict(detailResponseDataSchema, createChatbotSettings())).toBe('serialNumber: is required');
    const { WelcomeMessage: _dropped, ...withoutWelcome } = createChatbotSettings();
    expect(verdict(detailResponseDataSchema, { serialNumber: 'demo-bot', ...withoutWelcome })).toBe('WelcomeMessage: is required');
    expect(verdict(detailResponseDataSchema, { serialNumber: 'demo-bot', ...createChatbotSettings({ Temperature: 0.7 as never }) })).toBe(
      'Temperature: must be a whole number',
    );
  });
});

describe('GetSession', () => {
  it('asks with serialNumber only', () => {
    expect(verdict(getSessionRequestSchema, { serialNumber: 'demo-bot' })).toBe('valid');
    expect(verdict(getSessionRequestSchema, { serialNumber: '' })).toBe('serialNumber: is required');
    expect(verdict(getSessionRequestSchema, { serialnumber: 'demo-bot' })).toBe('serialNumber: is required');
    expect(verdict(getSessionRequestSchema, { serialNumber: 'demo-bot', sessionID: 1 })).toBe('sessionID: is not a field of this operation');
  });

  it('answers with an integer SessionID', () => {
    expect(verdict(getSessionResponseDataSchema, { SessionID: 17 })).toBe('valid');
    expect(verdict(getSessionResponseDataSchema, { SessionID: '17' })).toMatch(/^SessionID: /);
    expect(verdict(getSessionResponseDataSchema, { SessionID: 1.5 })).toMatch(/^SessionID: /);
    expect(verdict(getSessionResponseDataSchema, { SessionId: 17 })).toBe('SessionID: is required');
  });
});

describe('ModelList response', () => {
  it('is a list of Key, Value and Status', () => {
    expect(verdict(modelListResponseDataSchema, [])).toBe('valid');
    expect(
      verdict(modelListResponseDataSchema, [
        { Key: 'gpt-4o-mini', Value: 'GPT-4o mini', Status: true },
        { Key: 'old-model', Value: 'Old model', Status: false },
      ]),
    ).toBe('valid');
  });

  it('names the element and field that is wrong', () => {
    expect(verdict(modelListResponseDataSchema, [{ Key: 'a', Value: 'A' }])).toBe('0.Status: is required');
    expect(verdict(modelListResponseDataSchema, [{ Key: 'a', Value: 'A', Status: true }, { Key: 'b', Value: 'B', Status: 'on' }])).toMatch(/^1\.Status: /);
    expect(verdict(modelListResponseDataSchema, { Key: 'a', Value: 'A', Status: true })).not.toBe('valid');
  });
});
