import { MantineProvider } from '@mantine/core';
import { ConfirmHost } from '../../../app/deferred-confirm';
import { listingRowOf } from '../../../api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createListing } from '../../../demo-data';
import { ListingFormModal, type ListingFormTarget } from './listing-form-modal';
import { parseListingRow } from '../parse-listing-row';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The service's envelope, for the one answer a test needs the service to give. */
function answer(status: number, data: unknown, message = '') {
  return new Response(JSON.stringify({ Data: data, Version: '1.0', Success: status === 200, Code: status, Message: message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderModal(target: ListingFormTarget, fetchImpl: (body: unknown) => Response) {
  const requests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body: unknown = JSON.parse(String(init.body));
      requests.push(body);
      return fetchImpl(body);
    }),
  );
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const { unmount } = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <>
          <ListingFormModal chatbotId="demo-bot" target={target} onClose={onClose} />
          <ConfirmHost />
        </>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onClose, requests, unmount, dialog: screen.getByRole('dialog', { name: target.mode === 'edit' ? 'Edit listing' : 'Create listing' }) };
}

// No pause between keystrokes: the form has many fields and a busy machine must not time out.
const setupUser = () => userEvent.setup({ delay: null });

const unexpectedRequest = () => {
  throw new Error('no request was expected');
};

async function fillRequired(user: UserEvent, dialog: HTMLElement) {
  const form = within(dialog);
  await user.type(form.getByLabelText(/^Property type/), 'Condo');
  await user.type(form.getByLabelText(/^MLS number/), 'AUS-9001');
  await user.type(form.getByLabelText(/^Listing URL/), 'https://homes.example.com/aus-9001');
  await user.type(form.getByLabelText(/^Bedrooms/), '2');
  await user.type(form.getByLabelText(/^Bathrooms/), '1.5');
  await user.type(form.getByLabelText(/^Parking spots/), '1');
  await user.type(form.getByLabelText(/^Year built/), '2010');
  await user.type(form.getByLabelText(/^Building area/), '900');
  await user.type(form.getByLabelText(/^Lot area/), '0');
}

// Rendering the whole form in jsdom is slow; a busy machine must not turn that into a failure.
describe('ListingFormModal', { timeout: 30_000 }, () => {
  it('shows the rent fields for a rental and the sale fields for a sale', async () => {
    const user = setupUser();
    const { dialog } = renderModal({ mode: 'create' }, unexpectedRequest);
    const form = within(dialog);
    expect(form.getByLabelText('Sale price')).toBeInTheDocument();
    expect(form.queryByLabelText('Rent per month')).not.toBeInTheDocument();

    await user.selectOptions(form.getByLabelText(/^Sale type/), 'For rent');
    expect(form.getByLabelText('Rent per month')).toBeInTheDocument();
    expect(form.getByLabelText('Deposit')).toBeInTheDocument();
    expect(form.getByLabelText('Space type')).toBeInTheDocument();
    for (const saleOnly of ['Sale price', 'HOA per month', 'Estimated price', 'Price per unit area']) {
      expect(form.queryByLabelText(saleOnly)).not.toBeInTheDocument();
    }
  });

  it('blocks saving with the message at each missing required field', async () => {
    const user = setupUser();
    const { dialog, onClose, requests } = renderModal({ mode: 'create' }, unexpectedRequest);
    const form = within(dialog);
    await user.click(form.getByRole('button', { name: 'Save listing' }));

    await waitFor(() => expect(form.getByLabelText(/^MLS number/)).toHaveAccessibleDescription('MLS number is required'));
    expect(form.getByLabelText(/^Property type/)).toHaveAccessibleDescription('Property type is required');
    expect(form.getByLabelText(/^Bedrooms/)).toHaveAccessibleDescription('Bedrooms is required');
    expect(form.getByLabelText(/^Listing URL/)).toHaveAccessibleDescription('Listing URL is required');
    expect(requests).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a field the service names back at that field and keeps the form open', async () => {
    const user = setupUser();
    const { dialog, onClose, requests } = renderModal({ mode: 'create' }, () =>
      answer(400, null, 'MLSNumber: is already used by another listing'),
    );
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save listing' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^MLS number/)).toHaveAccessibleDescription('MLS number is already used by another listing'),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ SerialNumber: 'demo-bot', MLSNumber: 'AUS-9001', Bathrooms: 1.5, SaleType: 'for_sale' });
    expect(requests[0]).not.toHaveProperty('SalePrice');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a message that names no field above the form', async () => {
    const user = setupUser();
    const { dialog, onClose } = renderModal({ mode: 'create' }, () => answer(404, null, 'No chatbot has the id demo-bot'));
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save listing' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No chatbot has the id demo-bot');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before throwing away unsaved input', async () => {
    const user = setupUser();
    const { dialog, onClose } = renderModal({ mode: 'create' }, unexpectedRequest);
    await user.type(within(dialog).getByLabelText(/^Property type/), 'Loft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/^Property type/)).toHaveValue('Loft');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was typed', async () => {
    const user = setupUser();
    const { dialog, onClose } = renderModal({ mode: 'create' }, unexpectedRequest);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument();
  });

  describe('editing', () => {
    const row = listingRowOf(
      createListing({ SaleType: 'for_rent', RentPrice: 2100, MLSNumber: 'DEN-0007', Address: '7 Larimer St', Images: ['https://img.example.com/7.jpg'] }),
      7,
    );

    it('opens pre-filled and updates by the listing id', async () => {
      const user = setupUser();
      const { dialog, onClose, requests } = renderModal({ mode: 'edit', listing: parseListingRow(row) }, () => answer(200, 1));
      const form = within(dialog);
      expect(form.getByLabelText(/^MLS number/)).toHaveValue('DEN-0007');
      expect(form.getByLabelText('Rent per month')).toHaveValue('2,100');
      expect(form.getByLabelText('Image 1')).toHaveValue('https://img.example.com/7.jpg');

      await user.clear(form.getByLabelText('Rent per month'));
      await user.type(form.getByLabelText('Rent per month'), '2250');
      await user.click(form.getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(requests[0]).toMatchObject({ Key: '7', KeyType: 'PlatformId', RentPrice: 2250, MLSNumber: 'DEN-0007' });
    });

    it('shows the Location the list gives and clears it when emptied; without one from the service, says so and keeps it', async () => {
      const user = setupUser();
      const withLocation = { ...row, Location: 'Union Station' };
      const shown = renderModal({ mode: 'edit', listing: parseListingRow(withLocation) }, () => answer(200, 1));
      let form = within(shown.dialog);
      expect(form.getByLabelText('Location')).toHaveValue('Union Station');
      expect(form.queryByText(/Not shown by the service/)).toBeNull();
      await user.clear(form.getByLabelText('Location'));
      await user.click(form.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(shown.onClose).toHaveBeenCalled());
      expect(shown.requests[0]).toMatchObject({ Location: null });
      shown.unmount();

      const { Location: _location, ...hostedRow } = withLocation;
      const hidden = renderModal({ mode: 'edit', listing: parseListingRow(hostedRow) }, () => answer(200, 1));
      form = within(hidden.dialog);
      expect(form.getByLabelText('Location')).toHaveValue('');
      expect(form.getByLabelText('Location')).toHaveAccessibleDescription('Not shown by the service, so left empty it keeps the stored value.');
      await user.click(form.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(hidden.onClose).toHaveBeenCalled());
      expect(hidden.requests[0]).not.toHaveProperty('Location');
    });

    it('matches by MLS number when chosen, and says so when nothing matched', async () => {
      const user = setupUser();
      const { dialog, onClose, requests } = renderModal({ mode: 'edit', listing: parseListingRow(row) }, () => answer(200, 0));
      const form = within(dialog);
      await user.selectOptions(form.getByLabelText('Match listing by'), 'MLS number (DEN-0007)');
      await user.click(form.getByRole('button', { name: 'Save changes' }));

      expect(await form.findByRole('alert')).toHaveTextContent('No listing matched MLS number “DEN-0007”, so nothing was updated.');
      expect(requests[0]).toMatchObject({ Key: 'DEN-0007', KeyType: 'MLSNumber' });
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
