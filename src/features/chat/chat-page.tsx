import { Switch } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useConnection } from '../../api/use-connection';
import { ChatWorkspace } from './chat-workspace';
import { COMPARE_PARAM } from './compare-param';
import { compareBotOf, defaultCompareBot, switchableChatbots } from './compare-pair';
import { CompareView } from './compare-view';
import type { BrowserSettingsVersion } from './settings-version';
import { BrowserSettingsVersionContext } from './use-settings-version';

interface ChatPageProps {
  /** Reads this browser's settings history when the service keeps none (the app hands it in). */
  browserSettingsVersion?: BrowserSettingsVersion;
}

export function ChatPage({ browserSettingsVersion }: ChatPageProps) {
  const { botId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { chatbotIds } = useConnection();
  if (!botId) return null;
  const chatbots = switchableChatbots(botId, chatbotIds);
  const compareBot = compareBotOf(params, botId, chatbots);
  const withCompare = (other: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (other === null) next.delete(COMPARE_PARAM);
      else next.set(COMPARE_PARAM, other);
      return next;
    });
  const compareSwitch = (
    <Switch
      label="Compare"
      checked={compareBot !== null}
      onChange={(event) => withCompare(event.currentTarget.checked ? defaultCompareBot(botId, chatbots) : null)}
    />
  );

  return (
    <BrowserSettingsVersionContext value={browserSettingsVersion}>
      {compareBot === null ? (
        // A different chatbot is a different set of sessions: start from a clean slate.
        <ChatWorkspace key={botId} chatbotId={botId} compareSwitch={compareSwitch} />
      ) : (
        <CompareView
          key={`${botId}\n${compareBot}`}
          leftBotId={botId}
          rightBotId={compareBot}
          chatbots={chatbots}
          // The page's chatbot is the left one, so the header's switcher names it too.
          onLeftChange={(id) => navigate(`/bots/${encodeURIComponent(id)}/chat?${COMPARE_PARAM}=${encodeURIComponent(compareBot)}`)}
          onRightChange={withCompare}
          compareSwitch={compareSwitch}
        />
      )}
    </BrowserSettingsVersionContext>
  );
}
