// Every address class the SSRF guard refuses, in IPv4, IPv6 and the IPv6 forms that embed IPv4.
import assert from 'node:assert/strict';
import { classifyAddress, ipv6Bytes, isAllowedAddress } from '../../../api/src/webhooks/addressPolicy';

const CASES: [string, string][] = [
  // IPv4
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['8.8.8.8', 'public'],
  ['172.32.0.1', 'public'],
  ['93.184.216.34', 'public'],
  // IPv6
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['2a00:1450:4001:82b::200e', 'public'],
  // IPv4 embedded in IPv6
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::FFFF:7F00:0001', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  ['::0.0.0.2', 'unspecified'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2002:808:808::1', 'public'],
  // not addresses
  ['localhost', 'invalid'],
  ['1.2.3', 'invalid'],
  ['::ffff:999.0.0.1', 'invalid'],
];

describe('webhook address policy', () => {
  for (const [address, expected] of CASES) {
    it(`${address} is ${expected}`, () => assert.equal(classifyAddress(address), expected));
  }

  it('allows loopback only when told to, and nothing else private either way', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      assert.equal(isAllowedAddress(address, false), false);
      assert.equal(isAllowedAddress(address, true), true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', 'fe80::1', '::ffff:192.168.0.1', '0.0.0.0', '::']) {
      assert.equal(isAllowedAddress(address, true), false, address);
    }
    assert.equal(isAllowedAddress('8.8.8.8', false), true);
  });

  it('parses IPv6 text forms to 16 bytes and rejects malformed ones', () => {
    assert.deepEqual(ipv6Bytes('::1'), [...Array(15).fill(0), 1]);
    assert.deepEqual(ipv6Bytes('::ffff:1.2.3.4')!.slice(10), [0xff, 0xff, 1, 2, 3, 4]);
    assert.equal(ipv6Bytes('1::2::3'), undefined);
    assert.equal(ipv6Bytes('1:2:3:4:5:6:7:8:9'), undefined);
    assert.equal(ipv6Bytes('g::1'), undefined);
  });
});
