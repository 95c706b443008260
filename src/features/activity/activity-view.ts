import * as z from 'zod/mini';
import type { ActivityFilters } from '../../api/activity';
import { ACTIVITY_ACTIONS, type ActivityQuery } from '../../api/contract/activity';

/*
 * What the Activity page shows (its filters and page) lives in the URL's search params, so a
 * link reproduces the view and Back returns to the previous one. The dates are kept as the
 * calendar days the reader picked (`from=2026-06-01`), not as instants: the request turns
 * them into the reader's own local midnights. A hand-edited or stale URL falls back to the
 * defaults rather than failing.
 */

export const ACTIVITY_PAGE_SIZE = 50;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The local midnight that starts `day` (`YYYY-MM-DD`, as `<input type="date">` gives it), or
 * of the day `laterDays` after it; null when `day` is not a real calendar day. Built from the
 * calendar fields, so a day next to a daylight-saving change still starts at its own midnight.
 */
export function localMidnight(day: string, laterDays = 0): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(0);
  // setFullYear, not the constructor: the constructor reads years 0 to 99 as 1900 to 1999.
  start.setFullYear(year, month, date);
  start.setHours(0, 0, 0, 0);
  // 2026-02-30 would roll over into March: it is not a day.
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date) return null;
  if (laterDays !== 0) start.setDate(start.getDate() + laterDays);
  return start.getTime();
}

const day = z.catch(
  z.string().check(z.refine((text) => localMidnight(text) !== null)),
  '',
);

const activityViewSchema = z.object({
  /** A member's id, `api-client`, or '' for anyone. */
  member: z.catch(z.string().check(z.maxLength(100)), ''),
  chatbot: z.catch(z.string().check(z.maxLength(100)), ''),
  action: z.catch(z.union([z.enum(ACTIVITY_ACTIONS), z.literal('')]), ''),
  /** The first day shown, and the last (inclusive), as `YYYY-MM-DD`; '' for no bound. */
  from: day,
  to: day,
  // A number read here rather than by z.coerce: sharing zod's coerce with the listings page split it into a chunk of its own on the first page load.
  page: z.catch(z.int().check(z.gte(1)), 1),
});
export type ActivityView = z.infer<typeof activityViewSchema>;
export type ActivityFilterValues = Omit<ActivityView, 'page'>;

export const NO_FILTERS: ActivityFilterValues = { member: '', chatbot: '', action: '', from: '', to: '' };

export function readActivityView(params: URLSearchParams): ActivityView {
  return activityViewSchema.parse({
    member: params.get('member') ?? undefined,
    chatbot: params.get('chatbot') ?? undefined,
    action: params.get('action') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: params.has('page') ? Number(params.get('page')) : undefined,
  });
}

/** Only what is set goes into the URL, so the plain page stays `/activity`. */
export function writeActivityView(view: ActivityView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.member) params.set('member', view.member);
  if (view.chatbot) params.set('chatbot', view.chatbot);
  if (view.action) params.set('action', view.action);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

export function hasFilters(view: ActivityFilterValues): boolean {
  return view.member !== '' || view.chatbot !== '' || view.action !== '' || view.from !== '' || view.to !== '';
}

/** To before From: nothing can match, which the To field says. */
export function isBackwards(view: Pick<ActivityFilterValues, 'from' | 'to'>): boolean {
  return view.from !== '' && view.to !== '' && view.to < view.from;
}

/** What the server filters by: To is inclusive of its day, so `to` is the next day's midnight (exclusive). */
export function activityFiltersOf(view: ActivityFilterValues): ActivityFilters {
  const filters: ActivityFilters = {};
  if (view.member) filters.member = view.member;
  if (view.chatbot) filters.chatbot = view.chatbot;
  if (view.action) filters.action = view.action;
  const from = localMidnight(view.from);
  if (from !== null) filters.from = from;
  const to = localMidnight(view.to, 1);
  if (to !== null) filters.to = to;
  return filters;
}

export function activityQueryOf(view: ActivityView): ActivityQuery {
  return { ...activityFiltersOf(view), page: view.page, pageSize: ACTIVITY_PAGE_SIZE };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
}
