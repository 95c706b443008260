import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_CLIENT, type ActivityAction, type ActivityTarget } from '../../src/api/contract/activity';
import { parseVersionSourceHeader, VERSION_SOURCE_HEADER, type OperationName, type VersionSummary } from '../../src/api/contract';
import { headerValue } from '../request-header';
import type { ConsoleAccess } from './access';
import { hasKey, operationOf } from './guard';
import type { NewActivity } from './activity-store';
import type { ConsoleStore, StoredMember } from './store';

/*
 * Writing the activity record. The console's own actions (members, invitations, sign-ins)
 * write their entry in their own transaction (routes.ts, passkey-routes.ts, sso.ts), and a
 * refusal of one is written here, from the answer. Writes passed to a service (settings,
 * listings, uploads) are written from the service's answer: in local mode as it is sent, in
 * proxy mode as it arrives from the hosted service (proxy.ts).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The console route's action in the activity record: its refusals are written from the answer. */
    activity?: ActivityAction;
  }
  interface FastifyRequest {
    /** Set once the request's entry is written, so it is written once. */
    activityRecorded?: boolean;
    /** Local mode: the settings version an Edit made (null when it changed nothing). */
    madeVersion?: VersionSummary | null;
  }
}

export interface Actor {
  memberId: string | null;
  memberName: string;
}

export const actorOf = (member: Pick<StoredMember, 'id' | 'name'>): Actor => ({ memberId: member.id, memberName: member.name });
export const API_CLIENT_ACTOR: Actor = { memberId: null, memberName: API_CLIENT };

export type ActivityLog = ReturnType<typeof createActivityLog>;

export function createActivityLog(store: ConsoleStore, now: () => number) {
  const write = (entry: Omit<NewActivity, 'at'>): void => store.activity.add({ ...entry, at: now() });
  return {
    /** The entry of a write a service has committed (recordOperation). */
    afterService: (entry: Omit<NewActivity, 'at'>): void => store.activity.appendAfterService({ ...entry, at: now() }),
    /** A console action that succeeded; call it inside the action's transaction. */
    success(actor: Actor, action: ActivityAction, target: ActivityTarget = {}, chatbotId: string | null = null): void {
      write({ ...actor, chatbotId, action, target, code: 200, message: '' });
    },
    write,
  };
}

/** Who a refused sign-in names as the actor: nobody proved who they are. */
export const NOT_SIGNED_IN = 'Not signed in';

/**
 * A refused sign-in: the account it tried, when one exists (Target), and never what was typed
 * otherwise (a password typed in the email field must not land in the record). Written only
 * while the throttle still hears the address, so a flood writes a handful of entries, not millions.
 */
export function recordFailedSignIn(log: ActivityLog, account: StoredMember | null, method: 'password' | 'passkey' | 'sso', message: string): void {
  log.write({
    memberId: null,
    memberName: NOT_SIGNED_IN,
    chatbotId: null,
    action: 'sign-in.fail',
    target: compact({ Method: method, MemberId: account?.id, Email: account?.email }),
    code: 401,
    message,
  });
}

/** What an envelope answer says, or what the status says when there is no envelope. */
function answerOf(status: number, text: string | null): { code: number; message: string; data: unknown } {
  if (text !== null) {
    try {
      const envelope = JSON.parse(text) as { Code?: unknown; Message?: unknown; Data?: unknown; Success?: unknown };
      const code = typeof envelope.Code === 'number' ? envelope.Code : status;
      return { code: envelope.Success === false && code === 200 ? status : code, message: typeof envelope.Message === 'string' ? envelope.Message : '', data: envelope.Data };
    } catch {
      // Not JSON: the status is all there is.
    }
  }
  return { code: status, message: status >= 400 ? `The service answered ${status}` : '', data: undefined };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  if (Buffer.isBuffer(body)) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const texts = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string').slice(0, 1000) : undefined);
const integer = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/** Only defined fields: an entry's target holds what applies to its action. */
function compact(target: ActivityTarget): ActivityTarget {
  return Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined)) as ActivityTarget;
}

/** The writes passed to a service that the record keeps; reads, questions and the upload's first step are not kept. */
export const RECORDED_OPERATIONS: readonly OperationName[] = ['Edit', 'RealEstateCreate', 'RealEstateUpdate', 'RealEstateDelete', 'RealEstateBatch', 'ConfirmUpload'];

/** The entry of an operation's answer: its action, chatbot and what it touched (names and ids only, never a value). */
function operationEntry(name: OperationName, request: FastifyRequest, data: unknown): { action: ActivityAction; chatbotId: string | null; target: ActivityTarget } {
  const body = bodyOf(request);
  switch (name) {
    case 'Edit': {
      const origin = parseVersionSourceHeader(headerValue(request, VERSION_SOURCE_HEADER));
      const made = request.madeVersion;
      const fields = made ? made.ChangedFields : Object.keys(body).filter((key) => key !== 'serialNumber');
      // The version's own word where one was made (proxy mode names only a version its history holds).
      const restoredFrom = made ? made.RestoredFrom : origin.RestoredFrom;
      return {
        action: restoredFrom === null ? 'settings.save' : 'settings.restore',
        chatbotId: text(body.serialNumber) ?? null,
        target: compact({ Fields: fields, Version: made?.Version, RestoredFrom: restoredFrom ?? undefined }),
      };
    }
    case 'RealEstateCreate':
      return {
        action: 'listing.create',
        chatbotId: text(body.SerialNumber) ?? null,
        target: compact({ Keys: text(data) === undefined ? undefined : [text(data)!], KeyType: 'PlatformId', Count: 1 }),
      };
    case 'RealEstateUpdate':
      return {
        action: 'listing.update',
        chatbotId: text(body.SerialNumber) ?? null,
        target: compact({ Keys: text(body.Key) === undefined ? undefined : [text(body.Key)!], KeyType: text(body.KeyType), Count: integer(data) }),
      };
    case 'RealEstateDelete':
      return {
        action: 'listing.delete',
        chatbotId: text(body.SerialNumber) ?? null,
        // Count: how many of the named listings were there to delete.
        target: compact({ Keys: texts(body.Keys), KeyType: text(body.KeyType), Count: integer((data as { SuccessCount?: unknown } | undefined)?.SuccessCount) }),
      };
    case 'RealEstateBatch': {
      const results = Array.isArray((data as { Results?: unknown } | undefined)?.Results) ? ((data as { Results: { Success?: unknown }[] }).Results) : [];
      const succeeded = results.filter((result) => result.Success === true).length;
      return {
        action: 'listings.batch',
        chatbotId: text(body.SerialNumber) ?? null,
        target: compact({
          ImportId: text(body.ImportId),
          Count: Array.isArray(body.Items) ? body.Items.length : undefined,
          Succeeded: results.length > 0 ? succeeded : undefined,
          Failed: results.length > 0 ? results.length - succeeded : undefined,
        }),
      };
    }
    default: {
      const file = (data ?? {}) as { FileName?: unknown; ContentType?: unknown };
      return { action: 'file.upload', chatbotId: null, target: compact({ FileName: text(file.FileName), FileKind: text(file.ContentType) }) };
    }
  }
}

export function recordedOperationOf(request: FastifyRequest): OperationName | undefined {
  const name = operationOf(request);
  return name !== undefined && RECORDED_OPERATIONS.includes(name) ? name : undefined;
}

/**
 * Writes the entry of a recorded operation from its answer. A member's request is theirs; a
 * request with a key and no session is an API client's. A request that proved no right to
 * act (401) is nobody's and is not kept, so no stranger can fill the record.
 */
export function recordOperation(log: ActivityLog, request: FastifyRequest, name: OperationName, status: number, answer: string | null): void {
  if (request.activityRecorded) return;
  const actor = request.signedIn ? actorOf(request.signedIn.member) : hasKey(request) ? API_CLIENT_ACTOR : null;
  if (!actor || status === 401) return;
  request.activityRecorded = true;
  const { code, message, data } = answerOf(status, answer);
  const entry = operationEntry(name, request, code === 200 ? data : undefined);
  log.afterService({ ...actor, ...entry, code, message });
}

/**
 * Writes the refusals of the console's own routes (a route's `config.activity`) and the
 * answers of recorded operations in local mode. Through the proxy, an operation's answer is
 * relayed without passing here; proxy.ts hands it to recordOperation instead.
 */
export function registerActivityRecorder(app: FastifyInstance, access: ConsoleAccess, log: ActivityLog): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.activityRecorded) return payload;
    const answer = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const name = recordedOperationOf(request);
    if (name !== undefined) {
      recordOperation(log, request, name, reply.statusCode, answer);
      return payload;
    }
    const action = request.routeOptions.config.activity;
    if (action === undefined || reply.statusCode < 400) return payload;
    // A refused console action of a signed-in member; those of nobody (a wrong link) are not kept.
    const member = access.sessionOf(request)?.member;
    if (!member) return payload;
    request.activityRecorded = true;
    const { code, message } = answerOf(reply.statusCode, answer);
    log.write({ ...actorOf(member), chatbotId: null, action, target: {}, code, message });
    return payload;
  });
}
