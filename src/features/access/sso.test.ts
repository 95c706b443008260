import { describe, expect, it } from 'vitest';
import { SSO_FAILURES } from '../../api/contract/sso';
import { ssoErrorMessage, ssoStartHref } from './sso';

describe('ssoStartHref', () => {
  it('carries where to land once signed in', () => {
    expect(ssoStartHref('/bots/demo-bot/listings?page=2')).toBe('/console/sso/start?next=%2Fbots%2Fdemo-bot%2Flistings%3Fpage%3D2');
  });

  it('leaves out a next that would lead away from the console, or nowhere', () => {
    expect(ssoStartHref('/')).toBe('/console/sso/start');
    expect(ssoStartHref('//evil.example/path')).toBe('/console/sso/start');
    expect(ssoStartHref('https://evil.example/')).toBe('/console/sso/start');
    expect(ssoStartHref('/sign-in')).toBe('/console/sso/start');
  });
});

describe('ssoErrorMessage', () => {
  it('has a sentence for every code the server sends', () => {
    for (const code of SSO_FAILURES) expect(ssoErrorMessage(code), code).toMatch(/\.$/);
    expect(ssoErrorMessage('not-invited')).toBe('No member has the email your provider gave. Ask an Owner or Admin for an invitation.');
  });

  it('shows nothing for no code, or for any text a link puts there', () => {
    expect(ssoErrorMessage(null)).toBeNull();
    expect(ssoErrorMessage('')).toBeNull();
    expect(ssoErrorMessage('Your account is locked: call +1 555 0100')).toBeNull();
    expect(ssoErrorMessage('toString')).toBeNull();
  });
});
