import { NativeSelect } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useConnection } from '../../api/use-connection';

/**
 * Switches chatbot while staying in the same area. Navigation goes through the router,
 * so a page with unsaved edits can ask before it is left (the select stays on the current
 * chatbot until the route changes). A native select: it is in the header of every page,
 * and Mantine's Select would bring its combobox and popover positioning into the first load.
 */
export function ChatbotSwitcher({ currentBotId }: { currentBotId: string | undefined }) {
  const { chatbotIds } = useConnection();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = currentBotId && !chatbotIds.includes(currentBotId) ? [currentBotId, ...chatbotIds] : chatbotIds;
  if (ids.length === 0) return null;

  const section = /^\/bots\/[^/]+\/([^/]+)/.exec(location.pathname)?.[1] ?? 'listings';
  return (
    <NativeSelect
      aria-label="Chatbot"
      data={currentBotId ? ids : [{ value: '', label: 'Choose a chatbot', disabled: true }, ...ids]}
      value={currentBotId ?? ''}
      onChange={(event) => {
        const id = event.currentTarget.value;
        if (id) navigate(`/bots/${encodeURIComponent(id)}/${section}`);
      }}
      w={{ base: 150, sm: 220 }}
    />
  );
}
