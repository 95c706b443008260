import { visitorSettingsSchema } from '../../api/contract';
import { createChatbotSettings } from '../../demo-data';
import { previewSettingsOf, sameVisitorSettings } from './preview-settings';
import { toFormValues } from './settings-form-schema';

describe('previewSettingsOf', () => {
  it('gives the widget the draft as it would be saved, and nothing the widget of a visitor would not get', () => {
    const values = {
      ...toFormValues(createChatbotSettings({ SystemMessage: 'secret-system-c0ffee', EmailForDailyLeads: 'leads-c0ffee@example.com' })),
      SuggestedMessage: ['  Homes in Austin ', '', 'Talk to\nan agent'],
      RateLimitCount: null,
    };
    const settings = previewSettingsOf(values);
    expect(() => visitorSettingsSchema.parse(settings)).not.toThrow();
    expect(settings.SuggestedMessage).toBe('Homes in Austin\nTalk to an agent');
    expect(JSON.stringify(settings)).not.toMatch(/c0ffee/);
  });

  it('shows the pictures as the console serves uploaded files, or none', () => {
    const settings = previewSettingsOf(toFormValues(createChatbotSettings({ ChatIcon: '42', ChatProfilePicture: ' ' })));
    expect(settings.ChatIconUrl).toMatch(/\/files\/42\//);
    expect(settings.ChatProfilePictureUrl).toBe('');
  });

  it('tells a change that shows from none', () => {
    const values = toFormValues(createChatbotSettings());
    expect(sameVisitorSettings(previewSettingsOf(values), previewSettingsOf({ ...values, SystemMessage: 'Other' }))).toBe(true);
    expect(sameVisitorSettings(previewSettingsOf(values), previewSettingsOf({ ...values, WelcomeMessage: 'Other' }))).toBe(false);
  });
});
