import { apiFetch } from '../../api/client';
import { connectToLocalService } from '../../test-support/local-service';
import { isLostSession, WidgetAnswerError } from '../../widget/visitor-client';
import { consoleWidgetTransport } from './console-widget-transport';

/** The preview's transport against the real local service (vitest.service-setup.ts), with the console's credentials. */
const BOT = 'preview-transport-bot';

beforeEach(() => connectToLocalService(BOT));

describe('consoleWidgetTransport', () => {
  it('opens a session with GetSession and streams the answer, growing, to its whole', async () => {
    await apiFetch('Edit', { serialNumber: BOT, AnswerSuffix: 'Call us on 555-0100.', RateLimitCount: 100, RateLimitTime: 60 });
    const transport = consoleWidgetTransport(BOT, new AbortController().signal);
    const session = await transport.openSession();
    expect(Number.isInteger(session.SessionID)).toBe(true);

    const seen: string[] = [];
    const whole = await transport.ask(session, 'Homes for sale in Austin', (soFar) => seen.push(soFar));
    expect(seen.length).toBeGreaterThan(1);
    for (let index = 1; index < seen.length; index += 1) expect(seen[index]!.startsWith(seen[index - 1]!)).toBe(true);
    expect(whole).toContain('Austin');
    // The saved settings answer: the service appends the saved AnswerSuffix.
    expect(whole.trimEnd().endsWith('Call us on 555-0100.')).toBe(true);
  });

  it('turns a refusal into the message the widget shows: the rate limit says RateLimitMessage', async () => {
    await apiFetch('Edit', { serialNumber: BOT, RateLimitCount: 1, RateLimitTime: 3600, RateLimitMessage: 'One question an hour in the preview.' });
    const transport = consoleWidgetTransport(BOT, new AbortController().signal);
    const session = await transport.openSession();
    await transport.ask(session, 'First question', () => {});
    const refused = transport.ask(session, 'Second question', () => {});
    await expect(refused).rejects.toBeInstanceOf(WidgetAnswerError);
    await expect(refused).rejects.toMatchObject({ message: 'One question an hour in the preview.', status: 429 });
  });

  it('tells the widget a session the service no longer has is lost, so the widget opens a new one', async () => {
    const transport = consoleWidgetTransport(BOT, new AbortController().signal);
    const gone = transport.ask({ SessionID: 2_000_000_000, VisitorToken: '' }, 'Hello', () => {});
    await expect(gone).rejects.toMatchObject({ status: 404, sessionLost: true });
    const caught = await gone.catch((error: unknown) => error);
    expect(isLostSession(caught)).toBe(true);
    // A refusal of the question itself is not a lost session.
    await apiFetch('Edit', { serialNumber: BOT, RateLimitCount: 1, RateLimitTime: 3600 });
    const session = await transport.openSession();
    await transport.ask(session, 'First question', () => {});
    expect(isLostSession(await transport.ask(session, 'Second question', () => {}).catch((error: unknown) => error))).toBe(false);
  });

  it('stops reading when its signal is aborted', async () => {
    await apiFetch('Edit', { serialNumber: BOT, RateLimitCount: 100, RateLimitTime: 60 });
    const stop = new AbortController();
    const transport = consoleWidgetTransport(BOT, stop.signal);
    const session = await transport.openSession();
    const asked = transport.ask(session, 'Homes for sale in Austin', () => stop.abort());
    await expect(asked).rejects.toBeInstanceOf(WidgetAnswerError);
  });
});
