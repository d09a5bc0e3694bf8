// Which IP addresses a webhook may reach. Refused: loopback, private, link-local, multicast,
// unspecified, and the other special-purpose ranges (IANA registries for IPv4 and IPv6), including
// IPv4 addresses embedded in IPv6 (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64
// 64:ff9b::/96, 6to4 2002::/16), since those reach the same IPv4 hosts. Loopback alone can be
// allowed for development.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'multicast' | 'unspecified' | 'reserved' | 'invalid';

interface Range {
  bytes: number[];
  prefix: number;
  kind: Exclude<AddressClass, 'public' | 'invalid'>;
}

const v4 = (text: string, prefix: number, kind: Range['kind']): Range => ({
  bytes: text.split('.').map(Number),
  prefix,
  kind,
});

const IPV4_RANGES: Range[] = [
  v4('0.0.0.0', 8, 'unspecified'), // "this network"
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'private'), // carrier-grade NAT
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'), // includes cloud metadata 169.254.169.254
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'), // IETF protocol assignments
  v4('192.0.2.0', 24, 'reserved'), // documentation
  v4('192.88.99.0', 24, 'reserved'), // 6to4 relay anycast
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'), // benchmarking
  v4('198.51.100.0', 24, 'reserved'),
  v4('203.0.113.0', 24, 'reserved'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'), // includes broadcast 255.255.255.255
];

const v6 = (hex: string, prefix: number, kind: Range['kind']): Range => ({
  bytes: ipv6Bytes(hex)!,
  prefix,
  kind,
});

const IPV6_RANGES: Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('100::', 64, 'reserved'), // discard-only
  v6('2001::', 23, 'reserved'), // IETF protocol assignments (Teredo etc.)
  v6('2001:db8::', 32, 'reserved'), // documentation
  v6('fc00::', 7, 'private'), // unique local
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'private'), // deprecated site-local
  v6('ff00::', 8, 'multicast'),
];

/** Classifies an IP address (text form, IPv6 optionally in brackets or with a zone). */
export function classifyAddress(address: string): AddressClass {
  const text = address.replace(/^\[|\]$/g, '');
  if (isIPv4(text)) return classifyV4(text.split('.').map(Number));
  if (!isIPv6(text)) return 'invalid';
  if (text.includes('%')) return 'link-local'; // a zone index only makes sense for link-local
  const bytes = ipv6Bytes(text);
  if (!bytes) return 'invalid';
  const embedded = embeddedIpv4(bytes);
  if (embedded) return classifyV4(embedded);
  return matchRange(bytes, IPV6_RANGES) ?? 'public';
}

/** True when a delivery may connect to this address. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowLoopback && kind === 'loopback');
}

function classifyV4(bytes: number[]): AddressClass {
  return matchRange(bytes, IPV4_RANGES) ?? 'public';
}

/** The IPv4 address an IPv6 address stands for, when it embeds one. */
function embeddedIpv4(bytes: number[]): number[] | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated; :: and ::1 are their own).
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 12) && !(zeros(12, 15) && bytes[15]! <= 1)) return bytes.slice(12);
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local-use NAT64) translate to the IPv4 suffix.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return bytes.slice(12);
  // 2002:AABB:CCDD::/48 (6to4) tunnels to AA.BB.CC.DD.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return undefined;
}

function matchRange(bytes: number[], ranges: Range[]): Range['kind'] | undefined {
  return ranges.find((range) => inPrefix(bytes, range.bytes, range.prefix))?.kind;
}

function inPrefix(bytes: number[], base: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const index = bit / 8;
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if ((bytes[index]! & mask) !== (base[index]! & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (with an optional dotted IPv4 tail); undefined when malformed. */
export function ipv6Bytes(text: string): number[] | undefined {
  let address = text.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    if (!isIPv4(dotted[1]!)) return undefined;
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}
