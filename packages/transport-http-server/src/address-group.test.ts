import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.js';

describe('addressGroup', () => {
  it('keeps IPv4 addresses and keys that are not IPv6 as they are', () => {
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('tenant-7')).toBe('tenant-7');
    expect(addressGroup('not:an:address')).toBe('not:an:address');
    expect(addressGroup('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
    expect(addressGroup('1::2::3')).toBe('1::2::3');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('[2001:db8:1:2:3:4:5:6]')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('::/64');
  });

  it('counts an IPv4-mapped address as the IPv4 address (dual-stack servers report these)', () => {
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(addressGroup('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('::ffff:300.0.2.1')).toBe('::ffff:300.0.2.1');
  });
});
