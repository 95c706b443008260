import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type * as MantineModule from '@mantine/core';
import type { ChatSession, UserMessage } from './chat-transcript';
import { SessionList } from './session-list';

/** Counts renders of the sessions' menus, each a popover with its positioning hooks. */
const renders = vi.hoisted(() => ({ menu: 0 }));

vi.mock('@mantine/core', async (importOriginal) => {
  const original = await importOriginal<typeof MantineModule>();
  function CountedMenu(props: MantineModule.MenuProps) {
    renders.menu += 1;
    return <original.Menu {...props} />;
  }
  return { ...original, Menu: Object.assign(CountedMenu, original.Menu) };
});

const question: UserMessage = { id: 'q1', role: 'user', content: 'Homes in Austin?', askType: 'Text', attachments: [], sentAt: Date.UTC(2026, 10, 26, 9, 30) };

const noop = () => {};
const handlers = { onNewChat: noop, onOpen: noop, onClear: noop, onDelete: noop };

function listOf(session: ChatSession, busy: ReadonlySet<number>) {
  return (
    <MantineProvider env="test">
      <SessionList sessions={[session]} activeSessionId={session.id} busySessions={busy} creating={false} {...handlers} />
    </MantineProvider>
  );
}

describe('SessionList', () => {
  it('names the session being answered, and does not render its menu again for that', async () => {
    const empty: ChatSession = { id: 42, createdAt: question.sentAt, messages: [] };
    const { rerender } = render(listOf(empty, new Set()));
    // The menu comes in its own chunk and is mounted from its first opening on.
    expect(renders.menu).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for session #42' }));
    expect(await screen.findByRole('menuitem', { name: 'Clear transcript' })).toBeInTheDocument();
    // Twice on arrival: once when the chunk has come, once when the press opens it.
    expect(renders.menu).toBe(2);

    // A question is asked in it: its title and state change, its menu does not.
    rerender(listOf({ ...empty, messages: [question] }, new Set([42])));
    expect(screen.getByRole('button', { name: 'Session #42: Homes in Austin? (writing an answer)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for session #42' })).toBeInTheDocument();
    expect(renders.menu).toBe(2);
  });
});
