import { describe, expect, it } from 'vitest';
import { isOriginAllowed, isValidDomains, parseDomainRule } from './allowed-domains';

describe('parseDomainRule', () => {
  it('reads hosts, wildcards and ports', () => {
    expect(parseDomainRule('Example.COM')).toEqual({ wildcard: false, host: 'example.com', port: null });
    expect(parseDomainRule(' *.example.com ')).toEqual({ wildcard: true, host: 'example.com', port: null });
    expect(parseDomainRule('localhost:5173')).toEqual({ wildcard: false, host: 'localhost', port: '5173' });
    expect(parseDomainRule('*.example.com:8443')).toEqual({ wildcard: true, host: 'example.com', port: '8443' });
    expect(parseDomainRule('127.0.0.1:80')).toEqual({ wildcard: false, host: '127.0.0.1', port: '80' });
  });

  it('writes international names and trailing dots as the browser sends them', () => {
    expect(parseDomainRule('Bücher.example.')).toEqual({ wildcard: false, host: 'xn--bcher-kva.example', port: null });
    expect(parseDomainRule('*.bücher.example')?.host).toBe('xn--bcher-kva.example');
  });

  it.each(['', 'https://example.com', 'example.com/', 'user@example.com', 'exa mple.com', '*.', '*example.com', 'example.com:99999', 'example.com:', '*.[::1]', 'a..b'])(
    'refuses %j',
    (entry) => expect(parseDomainRule(entry)).toBeNull(),
  );

  it('checks a whole Domains value', () => {
    expect(isValidDomains('')).toBe(true);
    expect(isValidDomains('example.com, *.example.com, localhost:5393')).toBe(true);
    expect(isValidDomains('example.com,,shop.example.com')).toBe(false);
    expect(isValidDomains('example.com,')).toBe(false);
  });
});

describe('isOriginAllowed', () => {
  it('matches a host on any port when the entry names none', () => {
    expect(isOriginAllowed('https://example.com', 'example.com')).toBe(true);
    expect(isOriginAllowed('http://example.com:8080', 'example.com')).toBe(true);
    expect(isOriginAllowed('https://shop.example.com', 'example.com')).toBe(false);
  });

  it('matches a port exactly, the scheme default when the origin names none', () => {
    expect(isOriginAllowed('http://localhost:5393', 'localhost:5393')).toBe(true);
    expect(isOriginAllowed('http://localhost:5394', 'localhost:5393')).toBe(false);
    expect(isOriginAllowed('https://example.com', 'example.com:443')).toBe(true);
    expect(isOriginAllowed('http://example.com', 'example.com:443')).toBe(false);
  });

  it('matches subdomains with a wildcard, and not the apex', () => {
    expect(isOriginAllowed('https://shop.example.com', '*.example.com')).toBe(true);
    expect(isOriginAllowed('https://a.b.example.com', '*.example.com')).toBe(true);
    expect(isOriginAllowed('https://example.com', '*.example.com')).toBe(false);
    expect(isOriginAllowed('https://example.com', '*.example.com, example.com')).toBe(true);
  });

  it('is not fooled by look-alike hosts', () => {
    expect(isOriginAllowed('https://example.com.evil.net', '*.example.com')).toBe(false);
    expect(isOriginAllowed('https://example.com.evil.net', 'example.com')).toBe(false);
    expect(isOriginAllowed('https://evilexample.com', '*.example.com')).toBe(false);
    expect(isOriginAllowed('https://evilexample.com', 'example.com')).toBe(false);
  });

  it('compares international names in punycode, and ignores a trailing dot and case', () => {
    expect(isOriginAllowed('https://xn--bcher-kva.example', 'bücher.example')).toBe(true);
    expect(isOriginAllowed('https://shop.xn--bcher-kva.example', '*.Bücher.example')).toBe(true);
    expect(isOriginAllowed('https://example.com.', 'example.com')).toBe(true);
    expect(isOriginAllowed('https://EXAMPLE.com', 'example.com.')).toBe(true);
  });

  it('refuses origins that are not web pages, and invalid entries', () => {
    expect(isOriginAllowed('null', 'example.com')).toBe(false);
    expect(isOriginAllowed('file:///tmp/page.html', 'example.com')).toBe(false);
    expect(isOriginAllowed('https://example.com', '')).toBe(false);
    expect(isOriginAllowed('https://example.com', 'https://example.com/')).toBe(false);
  });
});
