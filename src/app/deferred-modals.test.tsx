import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeferredModals, MODAL_EVENTS } from './deferred-modals';

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

describe('MODAL_EVENTS', () => {
  it('holds every event Mantine\'s public modals API sends, so a new one in a release is not lost', () => {
    const sent = new Set<string>();
    const dispatch = vi.spyOn(window, 'dispatchEvent').mockImplementation((event) => {
      sent.add(event.type);
      return true;
    });
    try {
      // Every method of the public API, each with the least it takes.
      for (const [name, method] of Object.entries(modals)) {
        (method as (payload: unknown) => unknown)({ modalId: name, modal: name, children: null });
      }
    } finally {
      dispatch.mockRestore();
    }
    expect(sent.size).toBe(Object.keys(modals).length);
    for (const type of sent) expect(MODAL_EVENTS, `${type} is sent but not held`).toContain(type);
  });
});
