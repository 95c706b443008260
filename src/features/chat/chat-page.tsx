import { Alert, Stack, Switch, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { preloadAnswerReader } from '../../api/chat';
import { useAccess } from '../../api/use-access';
import { useLoadAtIdle } from '../../app/load-at-idle';
import { useConnection } from '../../api/use-connection';
import { ChatWorkspace } from './chat-workspace';
import { COMPARE_PARAM } from './compare-param';
import { compareBotOf, defaultCompareBot, switchableChatbots } from './compare-pair';
import { useAnswerDetailsAtIdle } from './lazy-answer-details';
import { LazyCompareView, useCompareViewAtIdle } from './lazy-compare-view';
export function ChatPage() {
  const { botId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { chatbotIds } = useConnection();
  const { may, member } = useAccess();
  useCompareViewAtIdle();
  useAnswerDetailsAtIdle();
  // The answer stream's reader, before the first question needs it (api/chat.ts).
  useLoadAtIdle(preloadAnswerReader);
  if (!botId) return null;
  // Chatting spends the chatbot's messages: a member without that right gets no session to open.
  if (!may('chat', botId)) return <ChatNotAllowed role={member?.role} />;
  const chatbots = switchableChatbots(botId, chatbotIds).filter((id) => id === botId || may('chat', id));
  const named = compareBotOf(params, botId, chatbots);
  // A link may name a chatbot this member may not chat with: compare with one they may.
  const compareBot = named === null || may('chat', named) ? named : defaultCompareBot(botId, chatbots);
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
    <>
      {compareBot === null ? (
        // A different chatbot is a different set of sessions: start from a clean slate.
        <ChatWorkspace key={botId} chatbotId={botId} compareSwitch={compareSwitch} />
      ) : (
        <LazyCompareView
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
    </>
  );
}

function ChatNotAllowed({ role }: { role: string | undefined }) {
  return (
    <Stack gap="md">
      <Title order={2}>Chat</Title>
      <Alert variant="light" color="gray" icon={<IconLock size={18} />} role="status">
        {role ? `Your role (${role})` : 'You'} cannot chat with this chatbot.
      </Alert>
    </Stack>
  );
}
