import type { VisitorFile, VisitorSession, VisitorSettings } from '../api/contract/widget';
import { VISITOR_TOKEN_HEADER, WIDGET_PATHS } from '../api/contract/widget-paths';
import { streamFramer } from '../api/stream-framing';

/**
 * How the widget talks to a chatbot. The embedded widget uses the public side of the local
 * service (visitorTransport); anything else that can open a session and stream an answer
 * in ClientAsk's format could stand in.
 */
export interface WidgetTransport {
  openSession(): Promise<VisitorSession>;
  /**
   * Streams the answer to `content` (with the files of `media`, uploaded by `upload`), calling
   * `onText` with the answer so far; resolves with the whole answer.
   */
  ask(session: VisitorSession, content: string, onText: (soFar: string) => void, media?: QuestionMedia): Promise<string>;
  /** Sends one file of the visitor's for the session's next question. Without it the widget offers no attachments. */
  upload?(session: VisitorSession, file: Blob, fileName: string): Promise<VisitorFile>;
}

/** ClientAsk's chatAskType and fileIds for a question that carries files (interface 4.2). */
export interface QuestionMedia {
  chatAskType: 'Image' | 'Audio';
  fileIds: number[];
}

/** A refusal the visitor should read: the service's Message (RateLimitMessage, the monthly limit...). */
export class WidgetAnswerError extends Error {
  override readonly name = 'WidgetAnswerError';

  constructor(
    message: string,
    /** The HTTP status of a refusal; undefined when no answer came at all. */
    readonly status?: number,
    /** The service no longer knows the session: the widget opens a new one and asks again. */
    readonly sessionLost = status === 403,
  ) {
    super(message);
  }
}

/**
 * The service no longer knows this visitor's session (its data was reset, or the session is
 * not theirs). The public side answers that with 403; a transport with other signs (the
 * console's, where ClientAsk answers 404 naming sessionID) says so with `sessionLost`.
 */
export const isLostSession = (error: unknown) => error instanceof WidgetAnswerError && error.sessionLost;

export const UNREACHABLE_MESSAGE = 'The chat is not available right now. Please try again later.';
export const CUT_SHORT_MESSAGE = 'The answer was cut short. Please ask again.';

/** The Message of an error envelope, or a general sentence when the body is not one. */
async function refusalOf(response: Response): Promise<WidgetAnswerError> {
  try {
    const envelope = (await response.json()) as { Message?: unknown };
    if (typeof envelope.Message === 'string' && envelope.Message !== '') return new WidgetAnswerError(envelope.Message, response.status);
  } catch {
    // Not an envelope: fall through.
  }
  return new WidgetAnswerError(UNREACHABLE_MESSAGE, response.status);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit' });
  } catch {
    // Refused by CORS (a page outside Domains) or offline: the browser says no more than that.
    throw new WidgetAnswerError(UNREACHABLE_MESSAGE);
  }
  if (!response.ok) throw await refusalOf(response);
  return response;
}

async function dataOf<T>(response: Response): Promise<T> {
  return ((await response.json()) as { Data: T }).Data;
}

/**
 * Reads ClientAsk's streamed answer (interface 4.2): `{content}` fragments, then the final
 * object with Answer. The framing is the console's own (api/stream-framing.ts: SSE or bare
 * JSON objects, split anywhere); the bytes are decoded as a stream, so a character split
 * across chunks arrives whole.
 */
export async function readAnswerStream(body: ReadableStream<Uint8Array>, onText: (soFar: string) => void): Promise<string> {
  let soFar = '';
  let final: string | null = null;
  const take = (objects: readonly string[]) => {
    for (const text of objects) {
      const object = JSON.parse(text) as { content?: unknown; Answer?: unknown };
      if (typeof object.Answer === 'string') final ??= object.Answer;
      else if (typeof object.content === 'string' && final === null) {
        soFar += object.content;
        onText(soFar);
      }
    }
  };
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const framer = streamFramer();
  for (;;) {
    const { done, value } = await reader.read();
    take(framer.feed(done ? decoder.decode() : decoder.decode(value, { stream: true })));
    if (framer.fault) throw new WidgetAnswerError(CUT_SHORT_MESSAGE);
    if (done) break;
  }
  take(framer.finish());
  if (final === null) throw new WidgetAnswerError(CUT_SHORT_MESSAGE);
  return final;
}

/** The public side of the local service at `serviceOrigin` (routes/widget.ts). */
export function visitorTransport(serviceOrigin: string, chatbotId: string): WidgetTransport & { settings(): Promise<VisitorSettings> } {
  const json = { 'content-type': 'application/json' };
  return {
    settings: async () => dataOf<VisitorSettings>(await send(`${serviceOrigin}${WIDGET_PATHS.settings(chatbotId)}`, {})),
    openSession: async () => dataOf<VisitorSession>(await send(`${serviceOrigin}${WIDGET_PATHS.session(chatbotId)}`, { method: 'POST', headers: json, body: '{}' })),
    async ask(session, content, onText, media) {
      const response = await send(`${serviceOrigin}${WIDGET_PATHS.ask(chatbotId)}`, {
        method: 'POST',
        headers: { ...json, [VISITOR_TOKEN_HEADER]: session.VisitorToken },
        body: JSON.stringify({ sessionID: session.SessionID, content, stream: true, ...media }),
      });
      if (!response.body) throw new WidgetAnswerError(UNREACHABLE_MESSAGE);
      return readAnswerStream(response.body, onText);
    },
    async upload(session, file, fileName) {
      const query = new URLSearchParams({ sessionID: String(session.SessionID), fileName });
      const response = await send(`${serviceOrigin}${WIDGET_PATHS.upload(chatbotId)}?${query}`, {
        method: 'POST',
        // The file's own type, as a hint: the service judges the bytes.
        headers: { 'content-type': file.type || 'application/octet-stream', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
        body: file,
      });
      return dataOf<VisitorFile>(response);
    },
  };
}
