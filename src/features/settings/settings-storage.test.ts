import { createChatbotSettings } from '../../demo-data';
import {
  clearDraft,
  draftKey,
  loadDraft,
  loadSavedSettings,
  rememberSavedSettings,
  saveDraft,
  savedSettingsKey,
} from './settings-storage';

describe('last saved settings', () => {
  it('remembers the settings per chatbot with the time they were saved', () => {
    const settings = createChatbotSettings({ Name: 'Bot A' });
    rememberSavedSettings('bot-a', settings, window.localStorage, new Date('2025-01-02T03:04:05Z'));
    expect(loadSavedSettings('bot-a')).toEqual({ savedAt: '2025-01-02T03:04:05.000Z', settings });
    expect(loadSavedSettings('bot-b')).toBeNull();
  });

  it('stores settings only, whatever else the object carries', () => {
    const withExtras = { ...createChatbotSettings(), serialNumber: 'bot-a', secretKey: 'demo-secret-key' };
    rememberSavedSettings('bot-a', withExtras);
    const raw = window.localStorage.getItem(savedSettingsKey('bot-a')) ?? '';
    expect(raw).not.toContain('demo-secret-key');
    expect(raw).not.toContain('serialNumber');
  });

  it('ignores a record that no longer matches the settings', () => {
    window.localStorage.setItem(savedSettingsKey('bot-a'), JSON.stringify({ savedAt: 'x', settings: { Name: 1 } }));
    expect(loadSavedSettings('bot-a')).toBeNull();
    window.localStorage.setItem(savedSettingsKey('bot-a'), '{not json');
    expect(loadSavedSettings('bot-a')).toBeNull();
  });
});

describe('draft', () => {
  it('keeps unsaved edits per chatbot until cleared', () => {
    saveDraft('bot-a', { Name: 'Draft name', Domains: ['example.com'], RateLimitCount: null });
    expect(loadDraft('bot-a')?.values).toEqual({ Name: 'Draft name', Domains: ['example.com'], RateLimitCount: null });
    expect(loadDraft('bot-b')).toBeNull();
    clearDraft('bot-a');
    expect(loadDraft('bot-a')).toBeNull();
  });

  it('removes the draft when there is nothing left to keep', () => {
    saveDraft('bot-a', { Name: 'Draft name' });
    saveDraft('bot-a', {});
    expect(window.localStorage.getItem(draftKey('bot-a'))).toBeNull();
  });

  it('drops entries of the wrong type or for unknown fields', () => {
    window.localStorage.setItem(
      draftKey('bot-a'),
      JSON.stringify({ savedAt: 'now', values: { Name: 42, VerifyDomain: true, Temperature: 'hot', Bogus: 'x' } }),
    );
    expect(loadDraft('bot-a')?.values).toEqual({ VerifyDomain: true });
  });

  it('survives storage that refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(() => saveDraft('bot-a', { Name: 'x' }, full)).not.toThrow();
    expect(() => rememberSavedSettings('bot-a', createChatbotSettings(), full)).not.toThrow();
  });
});
