import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirm, confirmQueue } from '../components/confirm';
import { ConfirmHost } from './deferred-confirm';

function renderHost() {
  return render(
    <MantineProvider env="test">
      <ConfirmHost />
    </MantineProvider>,
  );
}

const user = () => userEvent.setup({ delay: null });

afterEach(() => {
  for (const { id } of confirmQueue.get()) confirmQueue.remove(id);
});

describe('confirm and ConfirmHost', { timeout: 20_000 }, () => {
  it('opens a confirmation asked for before the dialog code has loaded; Confirm runs the action once and closes', async () => {
    renderHost();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() => confirm({ title: 'Delete 2 listings?', message: 'They are removed for good.', confirmLabel: 'Delete 2 listings', destructive: true, onConfirm, onCancel }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 listings?' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('They are removed for good.');
    await user().click(screen.getByRole('button', { name: 'Delete 2 listings' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmQueue.get()).toEqual([]);
  });

  it('Cancel and Escape take the way back and never the action', async () => {
    renderHost();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() => confirm({ title: 'Discard unsaved changes?', message: 'x', confirmLabel: 'Discard changes', cancelLabel: 'Keep editing', onConfirm, onCancel }));
    await user().click(await screen.findByRole('button', { name: 'Keep editing' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => confirm({ title: 'Discard unsaved changes?', message: 'x', confirmLabel: 'Discard changes', onConfirm, onCancel }));
    await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows two confirmations asked for at once one after the other, in order, each answered apart', async () => {
    renderHost();
    const first = vi.fn();
    const second = vi.fn();
    act(() => {
      confirm({ title: 'Clear session #1?', message: 'a', confirmLabel: 'Clear transcript', onConfirm: first });
      confirm({ title: 'Delete session #2?', message: 'b', confirmLabel: 'Delete session', onConfirm: second });
    });
    await screen.findByRole('dialog', { name: 'Clear session #1?' }, { timeout: 10_000 });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user().click(screen.getByRole('button', { name: 'Clear transcript' }));
    await user().click(await screen.findByRole('button', { name: 'Delete session' }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('focus', { timeout: 20_000 }, () => {
  it('goes back to the button that asked, once the confirmation has closed', async () => {
    render(
      <MantineProvider env="test">
        <button type="button" onClick={() => confirm({ title: 'Delete session #3?', message: 'x', confirmLabel: 'Delete session', onConfirm: () => {} })}>
          Delete
        </button>
        <ConfirmHost />
      </MantineProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user().click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete session #3?' }, { timeout: 10_000 });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
