// @vitest-environment jsdom
import { signInStateOfPage } from './sign-in-state';

/** A page as the server sent it, with these <meta> tags in its head. */
function pageWith(tags: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head><title>Sign in</title>${tags}</head><body></body></html>`, 'text/html');
}

describe('signInStateOfPage', () => {
  it('reads what the server wrote into the page', () => {
    expect(signInStateOfPage(pageWith('<meta name="realty-bot:access" content="sign-in" /><meta name="realty-bot:sso" content="on" />'))).toEqual({ access: 'sign-in', sso: true });
    expect(signInStateOfPage(pageWith('<meta name="realty-bot:access" content="setup" /><meta name="realty-bot:sso" content="off" />'))).toEqual({ access: 'setup', sso: false });
  });

  it('reads nothing from a page without them, or with words the server never writes, so the page asks instead', () => {
    expect(signInStateOfPage(pageWith(''))).toBeNull();
    expect(signInStateOfPage(pageWith('<meta name="realty-bot:access" content="sign-in" />'))).toBeNull();
    // The server sends a member already signed in on, never a page that says so.
    expect(signInStateOfPage(pageWith('<meta name="realty-bot:access" content="signed-in" /><meta name="realty-bot:sso" content="off" />'))).toBeNull();
    expect(signInStateOfPage(pageWith('<meta name="realty-bot:access" content="sign-in" /><meta name="realty-bot:sso" content="yes" />'))).toBeNull();
  });
});
