import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitorSession, VisitorSettings } from '../api/contract/widget';
import { growWithText, mountWidget } from './chat-widget';
import { WidgetAnswerError, type WidgetTransport } from './visitor-client';
import { browserStorages, transcriptKey, VisitorStorage } from './visitor-storage';

const BOT = 'demo-bot';
const settings: VisitorSettings = {
  Name: 'Sunrise Realty Assistant',
  TimeZone: 'America/Chicago',
  ChatBubbleAlign: 0,
  ChatBubbleColor: 'rgb(34,139,230)',
  UserMessageColor: 'rgb(255,255,255)',
  ChatbotPopupOnce: false,
  ChatbotPrivacyPolicyDescription: '',
  ChatbotPrivacyPolicyName: '',
  ChatbotPrivacyPolicyUrl: '',
  EnablePushToTalk: false,
  EnableUploadImage: false,
  FacebookUrl: '',
  InstagramUrl: '',
  RemoveChatLogOnBrowserClose: false,
  SuggestedMessage: '',
  TalkToHumanEmail: '',
  TalkToHumanResponseMessage: '',
  UserInputPlaceholder: 'Ask',
  WelcomeMessage: 'Welcome',
  WhatsappUrl: '',
  ChatProfilePictureUrl: '',
  ChatIconUrl: '',
};

/** A service whose sessions before `firstLive` are gone (its data was reset). */
function serviceWithLostSessions(firstLive: number): WidgetTransport & { asked: number[] } {
  let next = firstLive;
  const asked: number[] = [];
  return {
    asked,
    openSession: async (): Promise<VisitorSession> => ({ SessionID: next++, VisitorToken: 'fresh-token' }),
    async ask(session, content, onText) {
      asked.push(session.SessionID);
      if (session.SessionID < firstLive) throw new WidgetAnswerError('widget-visitor-token: this is not the token of this visitor session', 403);
      onText(`Answer to ${content}`);
      return `Answer to ${content}`;
    },
  };
}

function shadowOf(host: HTMLElement): ShadowRoot {
  return host.shadowRoot!;
}

beforeEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});

describe('mountWidget', () => {
  it('replaces a session the service lost, once, and keeps the conversation', async () => {
    localStorage.setItem(transcriptKey(BOT), JSON.stringify({ sessionId: 3, visitorToken: 'old', messages: [{ role: 'visitor', text: 'Earlier question', at: 1 }] }));
    const transport = serviceWithLostSessions(10);
    const host = document.body.appendChild(document.createElement('div'));
    const widget = mountWidget(host, settings, { transport, storage: new VisitorStorage(BOT, browserStorages(window)), serviceOrigin: 'http://localhost:8787' });
    widget.open();
    const shadow = shadowOf(host);
    const input = shadow.querySelector('textarea')!;
    input.value = 'Homes in Austin';
    shadow.querySelector('form')!.requestSubmit();

    await expect.poll(() => shadow.querySelector('.message.bot:last-child')?.textContent).toContain('Answer to Homes in Austin');
    expect(transport.asked).toEqual([3, 10]);
    expect(shadow.querySelector('.message.notice')).toBeNull();
    const stored = JSON.parse(localStorage.getItem(transcriptKey(BOT))!) as { sessionId: number; messages: { text: string }[] };
    expect(stored.sessionId).toBe(10);
    expect(stored.messages.map((message) => message.text)).toEqual(['Earlier question', 'Homes in Austin', 'Answer to Homes in Austin']);
  });

  it('shows the service\'s refusal (a rate limit) as the visitor\'s notice', async () => {
    const transport: WidgetTransport = {
      openSession: async () => ({ SessionID: 1, VisitorToken: 't' }),
      ask: async () => {
        throw new WidgetAnswerError('Slow down, please.', 429);
      },
    };
    const host = document.body.appendChild(document.createElement('div'));
    mountWidget(host, settings, { transport, storage: new VisitorStorage(BOT, browserStorages(window)), serviceOrigin: 'http://localhost:8787' }).open();
    const shadow = shadowOf(host);
    shadow.querySelector('textarea')!.value = 'Hello';
    shadow.querySelector('form')!.requestSubmit();
    await expect.poll(() => shadow.querySelector('.message.notice')?.textContent).toContain('Slow down, please.');
  });

  it.each([
    ['while its answer streams', true],
    ['before its answer\'s first fragment', false],
  ])('Talk to a human %s: the answer stays under its question and the team\'s message after it, on screen and stored', async (_when, streamsFirst) => {
    let finish: (text: string) => void = () => undefined;
    const transport: WidgetTransport = {
      openSession: async () => ({ SessionID: 1, VisitorToken: 't' }),
      ask: (_session, _content, onText) => {
        if (streamsFirst) onText('Four homes');
        return new Promise<string>((resolve) => {
          finish = resolve;
        });
      },
    };
    const host = document.body.appendChild(document.createElement('div'));
    const humanSettings = { ...settings, TalkToHumanEmail: 'agents@example.com', TalkToHumanResponseMessage: 'An agent will write back today.' };
    mountWidget(host, humanSettings, { transport, storage: new VisitorStorage(BOT, browserStorages(window)), serviceOrigin: 'http://localhost:8787' }).open();
    const shadow = shadowOf(host);
    shadow.querySelector('textarea')!.value = 'Homes in Denver';
    shadow.querySelector('form')!.requestSubmit();
    await expect.poll(() => shadow.querySelectorAll('.message.visitor').length).toBe(1);
    await vi.waitFor(() => expect(streamsFirst ? shadow.querySelector('.message.bot[aria-busy="true"]') : shadow.querySelector('.message.visitor')).not.toBeNull());

    [...shadow.querySelectorAll('button')].find((button) => button.textContent === 'Talk to a human')!.click();
    finish('Four homes for rent in Denver.');

    const logTexts = () => [...shadow.querySelectorAll('.message .bubble')].map((bubble) => bubble.textContent?.replace(/\d+:\d+\s?[AP]M$/, '').trim());
    await expect.poll(() => shadow.querySelector('.message.bot[aria-busy="true"]')).toBeNull();
    await expect.poll(logTexts).toEqual(['Welcome', 'Homes in Denver', 'Four homes for rent in Denver.', expect.stringContaining('An agent will write back today.')]);
    const stored = JSON.parse(localStorage.getItem(transcriptKey(BOT))!) as { messages: { text: string }[] };
    expect(stored.messages.map((message) => message.text.split('\n')[0])).toEqual(['Homes in Denver', 'Four homes for rent in Denver.', 'An agent will write back today.']);
  });
});

describe('growWithText', () => {
  /** A field laid out as the browser would: its text `scrollHeight` tall, 2px of border. */
  function fieldOf(scrollHeight: number) {
    const field = document.createElement('textarea');
    Object.defineProperty(field, 'scrollHeight', { get: () => scrollHeight });
    Object.defineProperty(field, 'offsetHeight', { value: 38 });
    Object.defineProperty(field, 'clientHeight', { value: 36 });
    return field;
  }

  it('without field-sizing in CSS, makes the field as tall as its text, border included, as it is typed and when code refits it', () => {
    const field = fieldOf(80);
    const refit = growWithText(field);
    field.dispatchEvent(new Event('input'));
    expect(field.style.height).toBe('82px');
    field.style.height = '';
    refit();
    expect(field.style.height).toBe('82px');
  });

  it('leaves the field to the CSS where field-sizing is supported', () => {
    vi.stubGlobal('CSS', { supports: (property: string, value: string) => property === 'field-sizing' && value === 'content' });
    try {
      const field = fieldOf(80);
      growWithText(field)();
      field.dispatchEvent(new Event('input'));
      expect(field.style.height).toBe('');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
