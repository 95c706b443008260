import { beforeEach, describe, expect, it } from 'vitest';
import { browserStorages, poppedKey, transcriptKey, VisitorStorage, type Transcript } from './visitor-storage';

const BOT = 'demo-bot';
const transcript: Transcript = { sessionId: 7, visitorToken: 'token', messages: [{ role: 'visitor', text: 'Hello', at: 1 }] };
const keep = { RemoveChatLogOnBrowserClose: false, ChatbotPopupOnce: false };
const forget = { RemoveChatLogOnBrowserClose: true, ChatbotPopupOnce: false };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the transcript', () => {
  it('is kept in localStorage when the log is kept', () => {
    const storage = new VisitorStorage(BOT, browserStorages(window));
    storage.saveTranscript(keep, transcript);
    expect(JSON.parse(localStorage.getItem(transcriptKey(BOT))!)).toEqual(transcript);
    expect(sessionStorage.getItem(transcriptKey(BOT))).toBeNull();
    expect(new VisitorStorage(BOT, browserStorages(window)).loadTranscript(keep)).toEqual(transcript);
  });

  it('lives in sessionStorage only when RemoveChatLogOnBrowserClose is on, and nothing is left in localStorage', () => {
    const storage = new VisitorStorage(BOT, browserStorages(window));
    storage.saveTranscript(keep, transcript);
    expect(storage.loadTranscript(forget)).toBeNull();
    expect(localStorage.getItem(transcriptKey(BOT))).toBeNull();
    storage.saveTranscript(forget, transcript);
    expect(sessionStorage.getItem(transcriptKey(BOT))).not.toBeNull();
    expect(localStorage.getItem(transcriptKey(BOT))).toBeNull();
    expect(storage.loadTranscript(forget)).toEqual(transcript);
  });

  it('ignores a stored value that is not a transcript', () => {
    localStorage.setItem(transcriptKey(BOT), '{"sessionId":"x"}');
    expect(new VisitorStorage(BOT, browserStorages(window)).loadTranscript(keep)).toBeNull();
    localStorage.setItem(transcriptKey(BOT), 'not json');
    expect(new VisitorStorage(BOT, browserStorages(window)).loadTranscript(keep)).toBeNull();
  });

  it('still works, in memory, when the browser refuses storage', () => {
    const storage = new VisitorStorage(BOT, { local: null, session: null });
    storage.saveTranscript(keep, transcript);
    expect(storage.loadTranscript(keep)).toEqual(transcript);
  });
});

describe('popup once', () => {
  it('opens once per visitor, across page loads, only when the chatbot asks for it', () => {
    const rules = { RemoveChatLogOnBrowserClose: true, ChatbotPopupOnce: true };
    expect(new VisitorStorage(BOT, browserStorages(window)).takePopup({ ...rules, ChatbotPopupOnce: false })).toBe(false);
    expect(new VisitorStorage(BOT, browserStorages(window)).takePopup(rules)).toBe(true);
    expect(new VisitorStorage(BOT, browserStorages(window)).takePopup(rules)).toBe(false);
    // Remembered in localStorage even when the log is forgotten on close: once means once per visitor.
    expect(localStorage.getItem(poppedKey(BOT))).toBe('1');
    expect(new VisitorStorage('other-bot', browserStorages(window)).takePopup(rules)).toBe(true);
  });
});
