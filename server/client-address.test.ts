// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './client-address';

describe('addressKeyOf', () => {
  it('keeps an IPv4 address, also written IPv4-mapped by a dual-stack socket', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::7%eth0']) {
      expect(addressKeyOf(address), address).toBe(key);
    }
    expect(addressKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('gives an address it cannot read one shared key, limited like any other', () => {
    expect(addressKeyOf(undefined)).toBe('unknown');
    expect(addressKeyOf('')).toBe('unknown');
  });
});
