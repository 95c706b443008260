import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientAskRequestSchema, type ClientAskRequest, type StreamFinal } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { requireCredential } from '../auth';
import type { StreamFault } from '../config';
import type { LocalContext } from '../context';
import type { StoredFile } from '../db/files';
import type { Session } from '../db/sessions';
import { badRequest, notFound, success, tooManyRequests } from '../envelope';
import { ACCEPTED_FORMATS, MEDIA_SIZE_LIMITS, mediaKindOf, type MediaKind } from '../media-types';
import { answerQuestion, estimateTokens, fragmentsOf, type Attachment } from '../responder/answer-question';
import { parseBody } from './operation';
import { streamDelayFor } from './stream-pace';

const MEGABYTE = 1024 * 1024;
export const NO_SESSION = 'sessionID: no such session';

/** The Message of a question over the chatbot's MessageLimit for the month. */
export function monthlyLimitMessage(limit: number): string {
  return `MessageLimit: this chatbot has used its ${limit} messages for this month`;
}

/** The first instant of the current calendar month (UTC), from which MessageLimit counts. */
export function monthStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first instant of the next calendar month (UTC), when MessageLimit counts from nothing again. */
export function nextMonthStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The attachments of an ask, after checking each file exists, is confirmed and fits the ask type. */
function attachmentsOf(body: ClientAskRequest, getFile: (id: number) => StoredFile | null): Attachment[] {
  const askType = body.chatAskType ?? 'Text';
  if (askType === 'Text') return [];
  const kind: MediaKind = askType;
  return (body.fileIds ?? []).map((id) => {
    const file = getFile(id);
    if (!file?.uploadedAt || !file.confirmedAt) {
      throw badRequest(`fileIds: file ${id} does not exist or has not been uploaded and confirmed`);
    }
    const label = `file ${id} (${file.fileName})`;
    const contentType = file.contentType ?? '';
    if (mediaKindOf(contentType, file.fileName) !== kind) {
      throw badRequest(`fileIds: ${label} is ${contentType || 'of an unknown type'}; chatAskType ${kind} accepts ${ACCEPTED_FORMATS[kind]}`);
    }
    if (kind === 'Image' && file.animated) {
      throw badRequest(`fileIds: ${label} is an animated GIF; chatAskType Image accepts ${ACCEPTED_FORMATS.Image}`);
    }
    if ((file.size ?? 0) > MEDIA_SIZE_LIMITS[kind]) {
      throw badRequest(`fileIds: ${label} is larger than the ${MEDIA_SIZE_LIMITS[kind] / MEGABYTE} MB limit for ${kind.toLowerCase()} files`);
    }
    return { fileName: file.fileName, kind };
  });
}

async function write(response: ServerResponse, chunk: string, signal: AbortSignal): Promise<void> {
  if (!response.write(chunk)) await once(response, 'drain', { signal });
}

const frame = (object: object) => `data: ${JSON.stringify(object)}\n\n`;

/** Fragments sent before an injected fault, so the client has part of the answer to keep. */
export const FRAGMENTS_BEFORE_FAULT = 5;
/**
 * The pause before a dropped connection goes. A browser that learns of the broken body
 * before it has read the bytes already received discards them; a dropped connection that
 * loses its partial answer with it would not show what the client does with one.
 */
const DROP_AFTER_MS = 1000;
/** How long a stalled answer stays silent at most, unless the client goes away first. */
const STALL_MS = 10 * 60_000;
const FAULT_MARKER = /\[fault:([a-z-]+)\]/g;
/** What a malformed fragment looks like on the wire: a frame whose data is not JSON. */
export const MALFORMED_FRAME = 'data: {"content": "half a fragment\n\n';

/** The first fault the question asks for with a `[fault:<name>]` marker, among those enabled. */
export function requestedFault(question: string, enabled: readonly StreamFault[]): StreamFault | null {
  if (enabled.length === 0) return null;
  for (const [, name] of question.matchAll(FAULT_MARKER)) {
    const fault = enabled.find((candidate) => candidate === name);
    if (fault) return fault;
  }
  return null;
}

/** Answers one question of a session, by the chatbot's rules, as an envelope or an SSE stream. */
export type AskInSession = (reply: FastifyReply, session: Session, body: ClientAskRequest) => Promise<unknown>;

/**
 * The one way a question is answered, for the console's ClientAsk and the widget's ask
 * (routes/widget.ts) alike: the attachments checked, MessageLimit for the month, then
 * RateLimitCount within RateLimitTime for the session (429 with RateLimitMessage), the
 * offline answer, stored and sent whole or streamed.
 */
export function createAskInSession(context: LocalContext): AskInSession {
  const { stores, config, limiter, now, streams } = context;
  /** Questions whose fault has struck: asking again (Retry) gets the whole answer. */
  const faultsStruck = new Set<string>();

  function faultFor(chatbotId: string, sessionId: number, question: string): StreamFault | null {
    const fault = requestedFault(question, config.faults);
    if (!fault) return null;
    const key = JSON.stringify([chatbotId, sessionId, question]);
    if (faultsStruck.has(key)) return null;
    faultsStruck.add(key);
    return fault;
  }

  return async (reply, session, body) => {
    const settings = stores.chatbots.get(session.chatbotId);
    if (!settings) throw notFound('sessionID: the chatbot of this session no longer exists');
    const attachments = attachmentsOf(body, (id) => stores.files.get(id));

    const time = now();
    if (settings.MessageLimit !== -1 && stores.messages.questionsSince(session.chatbotId, monthStart(time)) >= settings.MessageLimit) {
      throw tooManyRequests(monthlyLimitMessage(settings.MessageLimit), nextMonthStart(time) - time);
    }
    if (!limiter.tryHit(session.id, settings.RateLimitCount, settings.RateLimitTime, time)) {
      throw tooManyRequests(settings.RateLimitMessage, limiter.retryAfterMs(session.id, settings.RateLimitCount, settings.RateLimitTime, time));
    }

    const answer = answerQuestion({
      question: body.content,
      settings,
      attachments,
      listings: {
        cities: () => stores.listings.cities(session.chatbotId),
        search: (criteria, limit) => stores.listings.search(session.chatbotId, criteria, limit),
      },
    });
    const question = {
      sessionId: session.id,
      chatbotId: session.chatbotId,
      content: body.content,
      askType: body.chatAskType ?? 'Text',
      fileIds: body.fileIds ?? [],
    };
    const stored = {
      sessionId: session.id,
      chatbotId: session.chatbotId,
      content: answer.content,
      totalToken: estimateTokens(body.content, answer.content),
      noAnswer: answer.noAnswer,
    };

    if (!body.stream) {
      const { answerId } = stores.messages.addExchange(question, stored, time);
      return success({ messageid: answerId, content: answer.content, totalToken: stored.totalToken, noAnswer: answer.noAnswer });
    }
    const questionId = stores.messages.addQuestion(question, time);
    const fault = faultFor(session.chatbotId, session.id, body.content);
    await streamAnswer(reply, answer.content, fault, streamDelayFor(body.content, config), () => ({
      QuestionID: questionId,
      AnswerID: stores.messages.addAnswer(stored, now()),
      Answer: answer.content,
      TotalToken: stored.totalToken,
    }));
    return reply;
  };

  /**
   * Writes the answer word by word as SSE frames (or in bursts of streamBurstFragments
   * words), then the closing object. A client that goes away (or a shutdown) stops the
   * writing; the answer is then not stored, as it was never delivered. With a `fault`, the
   * answer breaks that way after a few fragments and is not stored either.
   */
  async function streamAnswer(
    reply: FastifyReply,
    content: string,
    fault: StreamFault | null,
    streamDelayMs: number,
    finish: () => StreamFinal,
  ) {
    const { streamBurstFragments } = config;
    const controller = new AbortController();
    const { signal } = controller;
    const response = reply.raw;
    reply.hijack();
    streams.add(controller);
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    try {
      const fragments = fragmentsOf(content);
      const sent = fault ? Math.min(FRAGMENTS_BEFORE_FAULT, Math.max(1, fragments.length - 1)) : fragments.length;
      for (let start = 0; start < sent; start += streamBurstFragments) {
        if (signal.aborted || response.destroyed) return;
        const burst = fragments.slice(start, Math.min(start + streamBurstFragments, sent));
        await write(response, burst.map((fragment) => frame({ content: fragment })).join(''), signal);
        if (streamDelayMs > 0) await sleep(streamDelayMs, undefined, { signal });
      }
      if (signal.aborted || response.destroyed) return;
      if (fault) {
        await strike(fault, response, signal);
        return;
      }
      await write(response, frame(finish()), signal);
      response.end();
    } catch (error) {
      if (!signal.aborted) reply.log.error({ err: error }, 'streaming an answer failed');
    } finally {
      streams.delete(controller);
      // A dropped connection (socket ended underneath) must not get the body's end.
      if (!response.writableEnded && !response.socket?.writableEnded) response.end();
    }
  }
}

/** ClientAsk: the offline answer, as one envelope or as an SSE stream of word fragments. */
export function registerChatRoutes(app: FastifyInstance, context: LocalContext, askInSession: AskInSession): void {
  const spec = operations.ClientAsk;
  app.route({
    method: spec.method,
    url: spec.path,
    onRequest: requireCredential(spec.credential, context.config),
    handler: async (request, reply) => {
      const body = parseBody(clientAskRequestSchema, request.body);
      const session = context.stores.sessions.get(body.sessionID);
      if (!session) throw notFound(NO_SESSION);
      return askInSession(reply, session, body);
    },
  });
}

/** Breaks an answer in the middle the way `fault` says. */
async function strike(fault: StreamFault, response: ServerResponse, signal: AbortSignal): Promise<void> {
  switch (fault) {
    case 'drop':
      // The socket closes once what was written is out, without the chunked body's closing
      // chunk: the client reads the fragments, then a network error.
      await sleep(DROP_AFTER_MS, undefined, { signal });
      response.socket?.end();
      return;
    case 'stall':
      // Silent but open, until the client gives up (or the service shuts down).
      await sleep(STALL_MS, undefined, { signal });
      return;
    case 'no-final':
      response.end();
      return;
    case 'malformed':
      await write(response, MALFORMED_FRAME, signal);
      response.end();
      return;
  }
}
