import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteMemberModal } from './invite-member-modal';
import { createMember, envelope, renderSignedIn } from './test-render';

// The console's routes are not served yet by the local service: the answer is stubbed at fetch.
afterEach(() => vi.restoreAllMocks());

function renderModal(role: 'Owner' | 'Admin') {
  return renderSignedIn(<InviteMemberModal opened onClose={() => {}} myRole={role} chatbotIds={['demo-bot', 'second-bot']} />, createMember({ role }));
}

async function roleOptions(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  return within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent ?? '');
}

describe('InviteMemberModal', () => {
  it('offers an Owner every role', async () => {
    const user = userEvent.setup();
    renderModal('Owner');
    expect(await roleOptions(user)).toEqual(['Owner', 'Admin', 'Editor', 'Agent', 'Viewer']);
  });

  it('never offers an Admin the Owner role', async () => {
    const user = userEvent.setup();
    renderModal('Admin');
    expect(await roleOptions(user)).toEqual(['Admin', 'Editor', 'Agent', 'Viewer']);
  });

  it('shows the whole invitation link once created, with a button that copies it', async () => {
    const link = 'http://localhost:8787/invite#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      envelope({
        invitation: { id: 'i1', email: 'new@example.com', role: 'Viewer', chatbots: ['*'], invitedBy: 'me', createdAt: 0, expiresAt: 86_400_000 },
        link,
      }),
    );
    const user = userEvent.setup();
    renderModal('Owner');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));

    const field = await screen.findByRole('textbox', { name: 'Invitation link' });
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy invitation link' })).toBeEnabled();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/console/invitations');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.com', role: 'Viewer', chatbots: ['*'] });
  });

  it('puts the server’s refusal at the field it names', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope(null, 400, 'email: is already a member'));
    const user = userEvent.setup();
    renderModal('Owner');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('is already a member')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Invitation link' })).toBeNull();
  });
});
