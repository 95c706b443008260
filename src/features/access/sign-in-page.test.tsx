import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from './sign-in-page';
import { envelope } from './test-render';

/*
 * The sign-in page, a page of its own: no router, no query layer. What the server wrote into
 * it decides what it shows at once; a sign-in leaves for the console by a page load.
 */

const replace = vi.fn();

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, search: '?next=%2Fbots%2Fdemo-bot%2Fchat', replace });
});
afterEach(() => {
  document.head.querySelectorAll('meta[name^="realty-bot:"]').forEach((meta) => meta.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  replace.mockReset();
});

const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });

/** The page as the server sends it: its two facts in <meta> tags. */
function servedAs(access: 'sign-in' | 'setup', sso: boolean) {
  document.head.insertAdjacentHTML('beforeend', `<meta name="realty-bot:access" content="${access}" /><meta name="realty-bot:sso" content="${sso ? 'on' : 'off'}" />`);
  return render(
    <MantineProvider env="test">
      <SignInPage />
    </MantineProvider>,
  );
}

describe('SignInPage', () => {
  it('shows the form at once, without asking the service who is signed in, and SSO when the server offers it', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    servedAs('sign-in', true);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute('href', '/console/sso/start?next=%2Fbots%2Fdemo-bot%2Fchat');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names the fields left empty, from the contract, before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    servedAs('sign-in', false);
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The contract's check comes with the first Sign in (or an idle moment) and says it at each field.
    const email = screen.getByRole('textbox', { name: 'Email' });
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/.+/);
    expect(password()).toHaveAccessibleDescription('is required');
    expect(fetch).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('says a refused sign-in plainly and stays; a good one leaves for where the member was going', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(envelope(null, 401, 'The email or password is incorrect'))
      .mockResolvedValueOnce(envelope({ member: { id: 'm1', email: 'olive@example.com', name: 'Olive', role: 'Owner', chatbots: ['*'], demo: false } }));
    const user = userEvent.setup();
    servedAs('sign-in', false);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'olive@example.com');
    await user.type(password(), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect');
    expect(replace).not.toHaveBeenCalled();

    await user.clear(password());
    await user.type(password(), 'a long owner passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/bots/demo-bot/chat'));
    expect(fetch).toHaveBeenLastCalledWith('/console/sign-in', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'olive@example.com', password: 'a long owner passphrase' }) }));
  });

  it('while the console waits for its first owner, says where the setup link is', () => {
    servedAs('setup', false);
    expect(screen.getByRole('heading', { name: /Waiting for setup/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
