import { COMPARE_PARAM } from '../features/chat/compare-param';

/**
 * Where the header's chatbot switcher leads from the page at `location`: the same area of the
 * chosen chatbot (its listings from a page that has no area). Compare's second chatbot stays,
 * so switching the first one goes on comparing; the rest of the address (a listings page,
 * filters) belongs to the chatbot left behind.
 */
export function chatbotSwitchPath(chatbotId: string, { pathname, search }: { pathname: string; search: string }): string {
  const section = /^\/bots\/[^/]+\/([^/]+)/.exec(pathname)?.[1] ?? 'listings';
  const path = `/bots/${encodeURIComponent(chatbotId)}/${section}`;
  const compared = section === 'chat' ? new URLSearchParams(search).get(COMPARE_PARAM) : null;
  return compared === null ? path : `${path}?${new URLSearchParams({ [COMPARE_PARAM]: compared })}`;
}
