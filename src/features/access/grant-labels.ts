import { ALL_CHATBOTS, coversEveryChatbot, type Role } from '../../api/contract/permissions';

/** The choice that stands for every chatbot, present and future. */
export const ALL_CHATBOTS_OPTION = { value: ALL_CHATBOTS, label: 'All chatbots' } as const;

/** Which chatbots a grant covers, in words. */
export function describeGrant(role: Role, chatbots: readonly string[]): string {
  if (coversEveryChatbot({ role, chatbots })) return 'All chatbots';
  return chatbots.join(', ');
}

/**
 * The grant after a change in the Chatbots select: picking "All chatbots" replaces the list,
 * and picking a chatbot while "All chatbots" is chosen replaces that.
 */
export function nextGrant(previous: readonly string[], picked: readonly string[]): string[] {
  const allNow = picked.includes(ALL_CHATBOTS);
  if (allNow && !previous.includes(ALL_CHATBOTS)) return [ALL_CHATBOTS];
  if (allNow && picked.length > 1) return picked.filter((id) => id !== ALL_CHATBOTS);
  return [...picked];
}

/** The Chatbots select's choices: "All chatbots", the console's chatbots, and any the grant names beside them. */
export function chatbotOptions(chatbotIds: readonly string[], granted: readonly string[] = []): { value: string; label: string }[] {
  const ids = [...new Set([...chatbotIds, ...granted.filter((id) => id !== ALL_CHATBOTS)])];
  return [ALL_CHATBOTS_OPTION, ...ids.map((id) => ({ value: id, label: id }))];
}

/** Owners and Admins work on every chatbot: their grant is not theirs to choose. */
export function roleHasGrant(role: Role): boolean {
  return role !== 'Owner' && role !== 'Admin';
}
