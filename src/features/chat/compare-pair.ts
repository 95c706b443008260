import * as z from 'zod/mini';
import { readStoredJson, writeStoredJson } from '../../lib/stored-json';
import { COMPARE_PARAM } from './compare-param';

/**
 * Compare's two chatbots and the session each asks in. The pair is in the URL (the page's
 * chatbot on the left, `?compare=<other>` on the right), so a reload, Back and a shared link
 * keep it; the two sessions are kept per tab (sessionStorage), so a reload shows the same two
 * transcripts while another tab starts a comparison of its own. Changing either chatbot
 * starts a new comparison: questions one side never had would not compare.
 */
const STORAGE_KEY = 'realty-bot-console.compare.v1';

/** The chatbots the switcher offers: the connection's, with the open one first when it is not among them. */
export function switchableChatbots(currentBotId: string, chatbotIds: readonly string[]): string[] {
  return chatbotIds.includes(currentBotId) ? [...chatbotIds] : [currentBotId, ...chatbotIds];
}

/** The chatbot compared with the open one by default: the first other in the list, else itself. */
export function defaultCompareBot(currentBotId: string, chatbotIds: readonly string[]): string {
  return chatbotIds.find((id) => id !== currentBotId) ?? currentBotId;
}

/** The right-hand chatbot the URL asks for; null when Compare is off. */
export function compareBotOf(params: URLSearchParams, currentBotId: string, chatbotIds: readonly string[]): string | null {
  const value = params.get(COMPARE_PARAM);
  if (value === null) return null;
  return value.trim() || defaultCompareBot(currentBotId, chatbotIds);
}

const storedPairSchema = z.object({
  chatbots: z.tuple([z.string(), z.string()]),
  sessions: z.tuple([z.nullable(z.int()), z.nullable(z.int())]),
});
export type CompareSessions = [number | null, number | null];

/** The sessions this tab's comparison of these two chatbots asked in; none for another pair. */
export function readCompareSessions(storage: Storage, left: string, right: string): CompareSessions {
  const parsed = storedPairSchema.safeParse(readStoredJson(storage, STORAGE_KEY));
  if (!parsed.success) return [null, null];
  const { chatbots, sessions } = parsed.data;
  return chatbots[0] === left && chatbots[1] === right ? sessions : [null, null];
}

export function writeCompareSessions(storage: Storage, left: string, right: string, sessions: CompareSessions): void {
  writeStoredJson(storage, STORAGE_KEY, { chatbots: [left, right], sessions });
}
