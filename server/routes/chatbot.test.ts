// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHATBOT_SETTING_KEYS, chatbotSettingsSchema } from '../../src/api/contract';
import { createChatbotSettings, DEMO_CHATBOT_SETTINGS } from '../../src/demo-data';
import { MODELS } from '../models';
import { BOT, failing, ok, startTestApp, type TestApp } from '../test-support';

let service: TestApp;
beforeEach(async () => {
  service = await startTestApp({ extraChatbotIds: ['other-bot'] });
});
afterEach(() => service.close());

describe('Detail', () => {
  it('answers every setting of a seeded chatbot plus its serialNumber', async () => {
    const detail = await ok(service.app, 'Detail', { serialNumber: BOT });
    expect(detail).toEqual({ ...DEMO_CHATBOT_SETTINGS, serialNumber: BOT });
    expect(Object.keys(detail).sort()).toEqual([...CHATBOT_SETTING_KEYS, 'serialNumber'].sort());
  });

  it('has the demo defaults the brief lists', async () => {
    const detail = await ok(service.app, 'Detail', { serialNumber: BOT });
    expect(detail).toMatchObject({
      Name: 'Sunrise Realty Assistant',
      ChatBubbleColor: 'rgb(34,139,230)',
      UserMessageColor: 'rgb(255,255,255)',
      RateLimitCount: 20,
      RateLimitTime: 60,
      RateLimitMessage: 'You are sending messages too fast. Please wait a minute.',
      MessageLimit: -1,
      ChatBubbleAlign: 0,
      Temperature: 1,
      TimeZone: 'America/Chicago',
      AIResponseLanguage: 'English',
      TalkToHumanEmail: '',
      FacebookUrl: '',
    });
    expect(detail.SuggestedMessage.split('\n')).toHaveLength(3);
    expect(MODELS.find((model) => model.Key === detail.Model)?.Status).toBe(true);
  });

  it('answers 404 naming serialNumber for an unknown chatbot', async () => {
    expect(await failing(service.app, 'Detail', { serialNumber: 'nobody' }, 404)).toBe('serialNumber: no chatbot with this id');
  });
});

describe('Edit', () => {
  it('merges the given fields, answers 1, and keeps the others', async () => {
    expect(await ok(service.app, 'Edit', { serialNumber: BOT, Name: 'Harbor Homes', RateLimitCount: 5, ChatbotPopupOnce: true })).toBe(1);
    const detail = await ok(service.app, 'Detail', { serialNumber: BOT });
    expect(detail).toEqual({ ...DEMO_CHATBOT_SETTINGS, Name: 'Harbor Homes', RateLimitCount: 5, ChatbotPopupOnce: true, serialNumber: BOT });
  });

  it('persists every Edit field', async () => {
    const everything = createChatbotSettings({
      Name: 'All fields',
      Model: 'gpt-4o',
      SystemMessage: 'Be brief.',
      Temperature: 0,
      TimeZone: 'Europe/Berlin',
      AnswerSuffix: '— Harbor Homes',
      ChatProfilePicture: '12',
      ChatIcon: '13',
      ChatBubbleAlign: 1,
      ChatBubbleColor: 'rgb(1, 2, 3)',
      ChatbotPopupOnce: true,
      ChatbotPrivacyPolicyDescription: 'We keep chats for 30 days.',
      ChatbotPrivacyPolicyName: 'Privacy',
      ChatbotPrivacyPolicyUrl: 'https://example.com/privacy',
      EnablePushToTalk: true,
      EnableUploadImage: false,
      FacebookUrl: 'https://facebook.com/harbor',
      InstagramUrl: 'https://instagram.com/harbor',
      RemoveChatLogOnBrowserClose: true,
      SuggestedMessage: 'One\nTwo',
      TalkToHumanEmail: 'agents@example.com',
      TalkToHumanResponseMessage: 'An agent will call you.',
      UserInputPlaceholder: 'Type here',
      UserMessageColor: 'rgb(10,20,30)',
      WelcomeMessage: 'Welcome aboard',
      WhatsappUrl: 'https://wa.me/15550100',
      VerifyDomain: true,
      Domains: 'example.com, shop.example.com',
      RateLimitCount: 3,
      RateLimitMessage: 'Easy there.',
      RateLimitTime: 10,
      CustomDomain: 'chat.example.com',
      EmailForDailyChatLogs: 'logs@example.com',
      EmailForDailyLeads: 'leads@example.com',
      AIResponseLanguage: 'German',
      MessageLimit: 500,
    });
    expect(chatbotSettingsSchema.parse(everything)).toEqual(everything);
    await ok(service.app, 'Edit', { serialNumber: BOT, ...everything });
    expect(await ok(service.app, 'Detail', { serialNumber: BOT })).toEqual({ ...everything, serialNumber: BOT });
    // Another chatbot is untouched.
    expect(await ok(service.app, 'Detail', { serialNumber: 'other-bot' })).toEqual({ ...DEMO_CHATBOT_SETTINGS, serialNumber: 'other-bot' });
  });

  it('answers 1 for an edit with no field and changes nothing', async () => {
    expect(await ok(service.app, 'Edit', { serialNumber: BOT })).toBe(1);
    expect(await ok(service.app, 'Detail', { serialNumber: BOT })).toEqual({ ...DEMO_CHATBOT_SETTINGS, serialNumber: BOT });
  });

  it('refuses bad values with a message naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ChatBubbleColor: '#ff0000' }, 'ChatBubbleColor: must be a colour written as rgb(r,g,b) with each channel 0 to 255'],
      [{ RateLimitCount: 0 }, 'RateLimitCount: must be at least 1'],
      [{ MessageLimit: 0 }, 'MessageLimit: must be -1 (unlimited) or at least 1'],
      [{ Temperature: 0.5 }, 'Temperature: must be a whole number'],
      [{ FacebookUrl: 'javascript:alert(1)' }, 'FacebookUrl: must be a full http:// or https:// address'],
      [{ name: 'lower-case' }, 'name: is not a field of this operation'],
      [{ Model: 'no-such-model' }, 'Model: "no-such-model" is not in the model list'],
    ];
    for (const [fields, message] of cases) {
      expect(await failing(service.app, 'Edit', { serialNumber: BOT, Name: 'Should not stick', ...fields }, 400)).toBe(message);
    }
    expect((await ok(service.app, 'Detail', { serialNumber: BOT })).Name).toBe(DEMO_CHATBOT_SETTINGS.Name);
  });

  it('refuses a model that ModelList marks unavailable', async () => {
    const unavailable = MODELS.find((model) => !model.Status)!;
    expect(await failing(service.app, 'Edit', { serialNumber: BOT, Model: unavailable.Key }, 400)).toBe(
      `Model: ${unavailable.Value} is not available; choose another model`,
    );
  });

  it('answers 404 naming serialNumber for an unknown chatbot', async () => {
    expect(await failing(service.app, 'Edit', { serialNumber: 'nobody', Name: 'x' }, 404)).toBe('serialNumber: no chatbot with this id');
  });
});

describe('GetSession', () => {
  it('opens a new integer session each time', async () => {
    const first = await ok(service.app, 'GetSession', { serialNumber: BOT });
    const second = await ok(service.app, 'GetSession', { serialNumber: 'other-bot' });
    expect(Number.isInteger(first.SessionID)).toBe(true);
    expect(second.SessionID).toBeGreaterThan(first.SessionID);
  });

  it('answers 404 for an unknown chatbot', async () => {
    expect(await failing(service.app, 'GetSession', { serialNumber: 'nobody' }, 404)).toBe('serialNumber: no chatbot with this id');
  });
});

describe('ModelList', () => {
  it('answers the fixed list with at least one unavailable model', async () => {
    const models = await ok(service.app, 'ModelList');
    expect(models).toEqual(MODELS);
    expect(models.some((model) => !model.Status)).toBe(true);
    expect(models.some((model) => model.Status)).toBe(true);
    expect(new Set(models.map((model) => model.Key)).size).toBe(models.length);
  });
});
