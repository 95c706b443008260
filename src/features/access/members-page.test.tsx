import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberListEntry } from '../../api/contract/console-access';
import type { Role } from '../../api/contract/permissions';
import { MembersPage } from './members-page';
import { createMember, envelope, renderSignedIn } from './test-render';

// The console's routes are not served yet by the local service: the answer is stubbed at fetch.
afterEach(() => vi.restoreAllMocks());

function entry(id: string, name: string, role: Role, chatbots = ['*']): MemberListEntry {
  return { id, name, email: `${id}@example.com`, role, chatbots, demo: false, disabled: false, lastSignInAt: null, createdAt: 0 };
}

function serveMembers(members: MemberListEntry[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope({ members, invitations: [] }));
}

const team = [entry('me', 'Me', 'Admin'), entry('owner', 'Olga Owner', 'Owner'), entry('editor', 'Ed Editor', 'Editor', ['demo-bot'])];

async function rowOf(name: string) {
  return (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr')!;
}

describe('MembersPage', () => {
  it('gives an Admin no control over an Owner', async () => {
    serveMembers(team);
    renderSignedIn(<MembersPage />, createMember({ role: 'Admin' }));
    // The rows' selects arrive after the table (lazy-member-controls.tsx): once the Editor's
    // has, the Owner's row would have had its own.
    await within(await rowOf('Ed Editor')).findByRole('combobox', { name: 'Role' });
    const owner = within(await rowOf('Olga Owner'));
    expect(owner.getByText('Owner')).toBeInTheDocument();
    expect(owner.queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(owner.queryByRole('combobox', { name: 'Chatbots' })).toBeNull();
    expect(owner.queryByRole('button', { name: 'Remove member' })).toBeNull();
    expect(owner.queryByRole('button', { name: 'End sessions' })).toBeNull();
    expect(owner.queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  it('gives an Admin the controls of the members below them', async () => {
    serveMembers(team);
    renderSignedIn(<MembersPage />, createMember({ role: 'Admin' }));
    const editor = within(await rowOf('Ed Editor'));
    expect(await editor.findByRole('combobox', { name: 'Role' })).toHaveValue('Editor');
    expect(await editor.findByRole('combobox', { name: 'Chatbots' })).toBeInTheDocument();
    expect(editor.getByRole('button', { name: 'Remove member' })).toBeInTheDocument();
    expect(editor.getByRole('button', { name: 'End sessions' })).toBeInTheDocument();
    expect(editor.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('gives an Owner the controls of another Owner, and nobody the controls of themselves', async () => {
    serveMembers([entry('me', 'Me', 'Owner'), entry('owner', 'Olga Owner', 'Owner')]);
    renderSignedIn(<MembersPage />, createMember({ role: 'Owner' }));
    expect(within(await rowOf('Olga Owner')).getByRole('button', { name: 'Remove member' })).toBeInTheDocument();
    expect(within(await rowOf('Me')).queryByRole('button', { name: 'Remove member' })).toBeNull();
  });

  it('opens Invite member from its chunk, and gives focus back to the button when it closes', async () => {
    serveMembers(team);
    const user = userEvent.setup();
    renderSignedIn(<MembersPage />, createMember({ role: 'Admin' }));
    const button = await screen.findByRole('button', { name: 'Invite member' });
    await user.click(button);
    // The placeholder dialog may stand in first: the form is in the dialog once it has arrived.
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('dialog', { name: 'Invite member' })).toContainElement(email);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite member' })).toBeNull());
    expect(button).toHaveFocus();
  });

  it('is not offered to a member who may not manage members', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderSignedIn(<MembersPage />, createMember({ role: 'Editor' }));
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
