import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Markdown from 'react-markdown';
import { Streamdown } from 'streamdown';
import { readAnswerBatches } from '../../src/api/stream';
import { createLiveAnswer, useLiveText, type LiveAnswer } from '../../src/features/chat/live-answer';
import { loadMarked } from '../../src/features/chat/marked-lexer';
import { GrowingMarkdownText } from '../../src/features/chat/markdown-text';

/*
 * The bench's peers (`npm run bench`, stream section): the same streamed answer as the chat,
 * read by the same stream reader and handed to React by the same once-per-frame hand-over,
 * rendered by streamdown with its defaults, by react-markdown with its defaults re-rendering
 * the whole text so far at every hand-over (the naive chat UI: `<Markdown>{text}</Markdown>`),
 * or (renderer "ours") by our Markdown alone, without the rest of the chat page, so that the
 * renderers compare on the same bare page; "plain" draws the text with no Markdown at all, the
 * floor every renderer on this page stands on. A naive UI's setState per fragment renders no
 * more often: React batches the updates of one network chunk into one render, and the
 * bench's answers arrive in chunks a frame apart. Not part
 * of the app: the bench builds it on its own (bench/peer-build.ts) and serves it to its
 * browser only.
 */

/** What the bench puts in the address's fragment: the request to make when the question is sent. */
interface AskRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  renderer: 'streamdown' | 'react-markdown' | 'ours' | 'plain';
}

const request = JSON.parse(decodeURIComponent(location.hash.slice(1))) as AskRequest;

async function ask(content: string, live: LiveAnswer, onSettled: () => void): Promise<void> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify({ ...request.body, content, stream: true }) });
  if (!response.body) throw new Error('The answer stream has no body');
  for await (const batch of readAnswerBatches(response.body)) {
    live.append(batch.fragments.join(''));
  }
  live.settle();
  onSettled();
}

function Rendered({ text, settled }: { text: string; settled: boolean }) {
  switch (request.renderer) {
    case 'ours':
      return <GrowingMarkdownText text={text} />;
    case 'plain':
      // No Markdown: what reading the stream and drawing its text costs any renderer here.
      return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
    case 'react-markdown':
      return <Markdown>{text}</Markdown>;
    case 'streamdown':
      return (
        <Streamdown mode="streaming" isAnimating={!settled}>
          {text}
        </Streamdown>
      );
  }
}

function Answer({ live, settled }: { live: LiveAnswer; settled: boolean }) {
  const text = useLiveText(live);
  return (
    <div data-testid="assistant-message">
      <div data-testid="answer-text">
        <Rendered text={text} settled={settled} />
      </div>
    </div>
  );
}

function PeerPage() {
  const [live, setLive] = useState<LiveAnswer>();
  const [settled, setSettled] = useState(false);
  return (
    <>
      <input
        aria-label="Message"
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          const answer = createLiveAnswer();
          setLive(answer);
          setSettled(false);
          ask(event.currentTarget.value, answer, () => setSettled(true)).catch((error: unknown) => console.error(error));
        }}
      />
      {live && <Answer live={live} settled={settled} />}
    </>
  );
}

// Our renderer draws once `marked` has arrived, which the chat page fetches at its first idle
// moment; here it is fetched before the message box appears (the bench waits for the box), so
// the figures compare rendering, not loading. Without it the first fragment threw and the page
// went blank: the stream section timed out from 5f5c766 until 2026-11-29.
(request.renderer === 'ours' ? loadMarked() : Promise.resolve())
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <MantineProvider>
        <PeerPage />
      </MantineProvider>,
    ),
  )
  .catch((error: unknown) => console.error(error));
