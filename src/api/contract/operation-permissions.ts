import type { OperationName } from './endpoints';
import type { Action, Role } from './permissions';

/*
 * What the server's guard needs beside the permission map (permissions.ts): the action each
 * operation needs and how a refusal names it. A module of its own, so the app's first page,
 * which reads only the map, does not carry it.
 */

/** The action each operation of the interface needs. */
export const OPERATION_ACTIONS: Record<OperationName, Action> = {
  Detail: 'view',
  Versions: 'view',
  VersionDetail: 'view',
  ModelList: 'view',
  RealEstateList: 'view',
  GetSession: 'chat',
  ClientAsk: 'chat',
  Edit: 'editSettings',
  RealEstateCreate: 'writeListings',
  RealEstateUpdate: 'writeListings',
  RealEstateDelete: 'writeListings',
  RealEstateBatch: 'writeListings',
  // Attachments of a test question, or the pictures of the settings: either right will do.
  GetPreUploadUrl: 'chat',
  ConfirmUpload: 'chat',
};

/** Operations whose upload serves either a chat attachment or a settings picture. */
export const UPLOAD_OPERATIONS: readonly OperationName[] = ['GetPreUploadUrl', 'ConfirmUpload'];

/** How a refusal names what is missing: `Role Agent may not edit settings of demo-bot`. */
const ACTION_WORDS: Record<Action, string> = {
  view: 'see',
  chat: 'chat with',
  editSettings: 'edit settings of',
  writeListings: 'change listings of',
  manageMembers: 'manage members',
  viewActivity: 'see activity',
};

export function refusalMessage(role: Role, action: Action, chatbotId?: string): string {
  const what = ACTION_WORDS[action];
  return chatbotId === undefined || action === 'manageMembers' || action === 'viewActivity' ? `Role ${role} may not ${what}` : `Role ${role} may not ${what} ${chatbotId}`;
}
