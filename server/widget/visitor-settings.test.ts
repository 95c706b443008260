import { describe, expect, it } from 'vitest';
import { CHATBOT_SETTING_KEYS, VISITOR_SETTING_KEYS, visitorSettingsSchema, type ChatbotSettings } from '../../src/api/contract';
import { createChatbotSettings } from '../../src/demo-data';
import { visitorSettingsOf } from './visitor-settings';

/** Settings whose every string field not on the allow-list holds a value found nowhere else. */
function settingsWithMarkedSecrets(): { settings: ChatbotSettings; markers: string[] } {
  const settings: Record<string, unknown> = { ...createChatbotSettings() };
  const markers: string[] = [];
  for (const key of CHATBOT_SETTING_KEYS) {
    if ((VISITOR_SETTING_KEYS as readonly string[]).includes(key) || typeof settings[key] !== 'string') continue;
    const marker = `private-${key}-c0ffee`;
    settings[key] = key === 'ChatProfilePicture' || key === 'ChatIcon' ? '41' : marker;
    if (settings[key] === marker) markers.push(marker);
  }
  return { settings: settings as ChatbotSettings, markers };
}

describe('visitorSettingsOf', () => {
  it('holds the visitor-facing settings and nothing else', () => {
    const { settings, markers } = settingsWithMarkedSecrets();
    const visible = visitorSettingsOf('demo-bot', settings);
    expect(() => visitorSettingsSchema.parse(visible)).not.toThrow();
    const text = JSON.stringify(visible);
    for (const marker of markers) expect(text).not.toContain(marker);
    expect(markers.length).toBeGreaterThanOrEqual(8);
  });

  it('never lists the system message, the model, the report addresses, the domains or the limits', () => {
    const secret = ['SystemMessage', 'Model', 'EmailForDailyChatLogs', 'EmailForDailyLeads', 'Domains', 'VerifyDomain', 'CustomDomain', 'MessageLimit', 'RateLimitCount', 'RateLimitTime'];
    for (const key of secret) expect(VISITOR_SETTING_KEYS).not.toContain(key);
    expect(Object.keys(visitorSettingsOf('demo-bot', createChatbotSettings()))).not.toEqual(expect.arrayContaining(['SystemMessage']));
  });

  it('gives the pictures as addresses of the widget, or nothing when unset', () => {
    const withPictures = visitorSettingsOf('demo bot', createChatbotSettings({ ChatProfilePicture: '12', ChatIcon: '' }));
    expect(withPictures.ChatProfilePictureUrl).toBe('/widget/chatbots/demo%20bot/picture/profile');
    expect(withPictures.ChatIconUrl).toBe('');
  });
});
