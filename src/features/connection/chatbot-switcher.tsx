import { Select } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useConnection } from '../../api/use-connection';

/**
 * Switches chatbot while staying in the same area. Navigation goes through the router,
 * so a page with unsaved edits can ask before it is left.
 */
export function ChatbotSwitcher({ currentBotId }: { currentBotId: string | undefined }) {
  const { chatbotIds } = useConnection();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = currentBotId && !chatbotIds.includes(currentBotId) ? [currentBotId, ...chatbotIds] : chatbotIds;
  if (ids.length === 0) return null;

  const section = /^\/bots\/[^/]+\/([^/]+)/.exec(location.pathname)?.[1] ?? 'listings';
  return (
    <Select
      aria-label="Chatbot"
      placeholder="Choose a chatbot"
      data={ids}
      value={currentBotId ?? null}
      onChange={(id) => id && navigate(`/bots/${encodeURIComponent(id)}/${section}`)}
      allowDeselect={false}
      w={{ base: 150, sm: 220 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
