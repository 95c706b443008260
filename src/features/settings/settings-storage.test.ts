import {
  clearDraft,
  draftKey,
  loadDraft,
  saveDraft,
} from './settings-storage';

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
  });
});
