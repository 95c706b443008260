import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';
import { signInPathFrom } from './sign-in-path';

describe('safeNextPath', () => {
  it('keeps a path of this console, with its query and hash', () => {
    expect(safeNextPath('/bots/demo-bot/listings?page=2#top')).toBe('/bots/demo-bot/listings?page=2#top');
    expect(safeNextPath('/members')).toBe('/members');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash further on', '/a\\b'],
    ['an absolute address', 'https://evil.example/'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'members'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['three slashes', '///evil.example'],
  ])('refuses %s', (_what, next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('does not lead back to the pages for the signed-out', () => {
    expect(safeNextPath('/sign-in')).toBe('/');
    expect(safeNextPath('/sign-in?next=%2Fmembers')).toBe('/');
    expect(safeNextPath('/setup')).toBe('/');
  });

  it('reads back what signInPathFrom wrote', () => {
    const path = signInPathFrom({ pathname: '/bots/a%20b/listings', search: '?City=Austin&page=2', hash: '' });
    const next = new URLSearchParams(path.split('?')[1]).get('next');
    expect(safeNextPath(next)).toBe('/bots/a%20b/listings?City=Austin&page=2');
    expect(signInPathFrom({ pathname: '/', search: '' })).toBe('/sign-in');
  });
});
