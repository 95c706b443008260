import { MantineProvider } from '@mantine/core';
import { ConfirmHost } from '../../../app/deferred-confirm';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyListingFormModal } from './lazy-listing-form-modal';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
});

describe('LazyListingFormModal', { timeout: 30_000 }, () => {
  it('opens the create form once its chunk has loaded, and closes it', async () => {
    const onClose = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <>
            <LazyListingFormModal chatbotId="demo-bot" target={{ mode: 'create' }} onClose={onClose} />
            <ConfirmHost />
        </>
        </QueryClientProvider>
      </MantineProvider>,
    );
    // The dialog is there at once (loading, or already the form), with the form's name.
    expect(screen.getByRole('dialog', { name: 'Create listing' })).toBeInTheDocument();
    const saleType = await screen.findByRole('combobox', { name: /Sale type/ }, { timeout: 20_000 });
    expect(saleType).toHaveValue('for_sale');

    await userEvent.setup({ delay: null }).click(within(screen.getByRole('dialog', { name: 'Create listing' })).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
