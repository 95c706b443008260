import { NativeSelect } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useConnection } from '../../api/use-connection';

/**
 * Switches chatbot, to the address `pathOf` gives (the same area, see src/app/chatbot-switch-path.ts).
 * Navigation goes through the router, so a page with unsaved edits can ask before it is left
 * (the select stays on the current chatbot until the route changes). A native select: it is
 * in the header of every page, and Mantine's Select would bring its combobox and popover
 * positioning into the first load.
 */
export function ChatbotSwitcher({ currentBotId, pathOf }: { currentBotId: string | undefined; pathOf: (chatbotId: string) => string }) {
  const { chatbotIds } = useConnection();
  const navigate = useNavigate();
  const ids = currentBotId && !chatbotIds.includes(currentBotId) ? [currentBotId, ...chatbotIds] : chatbotIds;
  if (ids.length === 0) return null;

  return (
    <NativeSelect
      aria-label="Chatbot"
      data={currentBotId ? ids : [{ value: '', label: 'Choose a chatbot', disabled: true }, ...ids]}
      value={currentBotId ?? ''}
      onChange={(event) => {
        const id = event.currentTarget.value;
        if (id) navigate(pathOf(id));
      }}
      w={{ base: 150, sm: 220 }}
    />
  );
}
