import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';
import type { OutgoingMessage } from './chat-store';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
});

function renderComposer(overrides: Partial<Parameters<typeof Composer>[0]> = {}) {
  // Like the chat's send: the question is placed (and the draft cleared) before it resolves.
  const onSend = vi.fn<(message: OutgoingMessage, onPlaced: () => void) => Promise<void>>((_message, onPlaced) => {
    onPlaced();
    return Promise.resolve();
  });
  const onStop = vi.fn();
  const onModeChange = vi.fn();
  render(
    <MantineProvider env="test">
      <Composer placeholder="Ask about a home" mode="stream" onModeChange={onModeChange} busy={false} onSend={onSend} onStop={onStop} {...overrides} />
    </MantineProvider>,
  );
  return { onSend, onStop, onModeChange };
}

// Generous: the first render of Mantine inputs is slow on a loaded machine.
describe('Composer', { timeout: 15_000 }, () => {
  it('Enter sends, Shift+Enter breaks the line, and the box clears after sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend } = renderComposer();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('placeholder', 'Ask about a home');

    await user.type(box, 'Two{Shift>}{Enter}{/Shift}rooms');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Two\nrooms');

    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({ content: 'Two\nrooms', attachments: [], mode: 'stream' }, expect.any(Function));
    expect(box).toHaveValue('');
  });

  it('refuses an empty message without media, naming the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText(/^Message: write a message, or attach/)).toBeInTheDocument();
  });

  it('keeps the draft when the message could not be sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend } = renderComposer();
    onSend.mockRejectedValueOnce(new Error('no session'));
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('Hello');
  });

  it('names a refused file and its rule without uploading it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderComposer();
    await user.upload(screen.getByLabelText('Files to attach'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('notes.txt');
    expect(alert).toHaveTextContent('is not a supported file type');
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('offers Stop instead of Send while an answer is in flight, and switches the answer mode', async () => {
    const user = userEvent.setup({ delay: null });
    const { onStop, onModeChange } = renderComposer({ busy: true });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
    await user.click(screen.getByRole('switch', { name: 'Stream answers' }));
    expect(onModeChange).toHaveBeenCalledWith('single');
  });
});
