import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// papaparse is a UMD bundle: Node's ESM loader sees only its default export (the app's bundler sees the named ones).
// eslint-disable-next-line import-x/default
import papaparse from 'papaparse';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_NUMBER_PARAMS,
  activityQuerySchema,
  latestListingChangeQuerySchema,
  LISTING_KEY_PARAMS,
  type ActivityEntry,
  type ActivityQuery,
} from '../../src/api/contract/activity';
import { refusalMessage } from '../../src/api/contract/operation-permissions';
import { coversEveryChatbot, roleMay } from '../../src/api/contract/permissions';
import { badRequest, ServiceError, success } from '../envelope';
import { messageOfZodError } from '../../src/api/contract';
import type { ConsoleAccess } from './access';
import type { ActivityFilters, ActivityScope } from './activity-store';
import { signedInOf } from './route-support';
import type { ConsoleStore, StoredMember } from './store';

const DEFAULT_PAGE_SIZE = 50;
/** Entries per turn of the CSV export: a few milliseconds of reading and writing (npm run bench, Activity). */
const CSV_BATCH = 250;
const CSV_COLUMNS = ['When', 'Member', 'Member id', 'Chatbot', 'Action', 'Details', 'Code', 'Message'];

/** The entries a member may read: Owners and Admins all; Editors and Agents their chatbots'; Viewers none. */
function scopeOf(member: StoredMember): ActivityScope {
  if (!roleMay(member.role, 'viewActivity')) throw new ServiceError(403, refusalMessage(member.role, 'viewActivity'));
  if (member.role === 'Owner' || member.role === 'Admin') return { all: true };
  return { all: false, chatbots: coversEveryChatbot(member) ? null : member.chatbots };
}

function queryOf(request: FastifyRequest): ActivityQuery {
  // A query string is text: its numbers are read here, and anything else stays text for the schema to refuse.
  const query: Record<string, unknown> = { ...(request.query as Record<string, unknown> | undefined) };
  for (const name of ACTIVITY_NUMBER_PARAMS) {
    if (typeof query[name] === 'string' && /^-?\d{1,16}$/.test(query[name])) query[name] = Number(query[name]);
  }
  const result = activityQuerySchema.safeParse(query, { reportInput: true });
  if (!result.success) throw badRequest(messageOfZodError(result.error));
  return result.data;
}

function latestQueryOf(request: FastifyRequest) {
  const result = latestListingChangeQuerySchema.safeParse(request.query ?? {}, { reportInput: true });
  if (!result.success) throw badRequest(messageOfZodError(result.error));
  return result.data;
}

function filtersOf(query: ActivityQuery): ActivityFilters {
  const { member, chatbot, action, from, to } = query;
  return Object.fromEntries(Object.entries({ member, chatbot, action, from, to }).filter(([, value]) => value !== undefined)) as ActivityFilters;
}

function csvRow(entry: ActivityEntry): string[] {
  return [
    new Date(entry.At).toISOString(),
    entry.MemberName,
    entry.MemberId ?? '',
    entry.ChatbotId ?? '',
    ACTIVITY_ACTION_LABELS[entry.Action],
    JSON.stringify(entry.Target),
    String(entry.Code),
    entry.Message,
  ];
}

/**
 * The CSV file, a batch of entries at a time. Each batch is read, turned into CSV and handed on
 * in one short turn of the event loop; the next waits for a new turn (so other requests are
 * answered in between) and for the reader (Readable.from asks for more only while its buffer
 * has room): an export of 100,000 entries never holds the server for long, nor in memory.
 */
export async function* activityCsv(batches: Iterable<ActivityEntry[]>): AsyncGenerator<string> {
  // A cell a spreadsheet would run as a formula (=, +, -, @) is written as text.
  const options = { escapeFormulae: true, newline: '\r\n' };
  yield `${papaparse.unparse([CSV_COLUMNS], options)}\r\n`;
  for (const batch of batches) {
    yield `${papaparse.unparse(batch.map(csvRow), options)}\r\n`;
    await turn();
  }
}

/**
 * The activity record, read: a page at a time for the Activity page, or every filtered entry
 * as CSV. Reading is all there is: no route changes or deletes an entry.
 */
export function registerActivityRoutes(app: FastifyInstance, { store, access }: { store: ConsoleStore; access: ConsoleAccess }): void {
  app.get('/console/activity', async (request, reply) => {
    const scope = scopeOf(signedInOf(access, request).member);
    const query = queryOf(request);
    reply.header('cache-control', 'no-store');
    const page = store.activity.page(scope, filtersOf(query), query.page ?? 1, query.pageSize ?? DEFAULT_PAGE_SIZE);
    return success({ ...page, Members: store.activity.members(scope) });
  });

  // A listing's last change, for its edit form: the same scope as the record itself.
  app.get('/console/activity/latest', async (request, reply) => {
    const scope = scopeOf(signedInOf(access, request).member);
    const query = latestQueryOf(request);
    const keys = Object.entries(LISTING_KEY_PARAMS).flatMap(([param, keyType]) => {
      const key = query[param as keyof typeof LISTING_KEY_PARAMS];
      return key ? [{ keyType, key }] : [];
    });
    reply.header('cache-control', 'no-store');
    return success(store.activity.latestListingChange(scope, query.chatbot, keys));
  });

  app.get('/console/activity.csv', async (request, reply) => {
    const scope = scopeOf(signedInOf(access, request).member);
    const filters = filtersOf(queryOf(request));
    reply.header('cache-control', 'no-store');
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`);
    return reply.send(Readable.from(activityCsv(store.activity.batches(scope, filters, CSV_BATCH))));
  });
}
