import { ChatPage } from '../features/chat/chat-page';
import { browserSettingsVersion } from './browser-settings-version';

/**
 * The chat page with the settings feature's browser history handed in. Its own area module,
 * so that history's code is reached from the chat's chunk only, never from the first load.
 */
export function ChatRoute() {
  return <ChatPage browserSettingsVersion={browserSettingsVersion} />;
}
