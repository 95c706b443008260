import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeferredModals } from './deferred-modals';

describe('DeferredModals', () => {
  it('opens a dialog asked for before the provider has loaded, and its buttons work', async () => {
    render(
      <MantineProvider env="test">
        <DeferredModals />
      </MantineProvider>,
    );
    const onConfirm = vi.fn();
    act(() => {
      modals.openConfirmModal({ title: 'Delete 2 listings?', labels: { confirm: 'Delete', cancel: 'Cancel' }, onConfirm });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 listings?' }, { timeout: 10_000 });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog).not.toBeInTheDocument();
  });
});
