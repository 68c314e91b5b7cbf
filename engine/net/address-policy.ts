/**
 * Which IP addresses a live-mode fetch may connect to. Everything that is not a globally routed
 * unicast address is refused: loopback, private, link-local (incl. cloud metadata
 * 169.254.169.254), CGNAT, "this network", multicast, broadcast, reserved, benchmarking and
 * documentation ranges — and IPv6 forms that embed one of those IPv4 addresses
 * (IPv4-mapped, IPv4-compatible, SIIT, NAT64 64:ff9b::/96, 6to4 2002::/16). Teredo is refused
 * outright. IPv6 outside 2000::/3 (global unicast) is refused.
 */
import { isLocalhostName, parseIpLiteral, type IpAddress } from './parse-host';

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

interface Cidr {
  base: readonly number[];
  prefix: number;
  reason: string;
}

const V4_BLOCKED: readonly Cidr[] = [
  { base: [0, 0, 0, 0], prefix: 8, reason: 'this-network' },
  { base: [10, 0, 0, 0], prefix: 8, reason: 'private' },
  { base: [100, 64, 0, 0], prefix: 10, reason: 'cgnat' },
  { base: [127, 0, 0, 0], prefix: 8, reason: 'loopback' },
  { base: [169, 254, 0, 0], prefix: 16, reason: 'link-local' },
  { base: [172, 16, 0, 0], prefix: 12, reason: 'private' },
  { base: [192, 0, 0, 0], prefix: 24, reason: 'ietf-protocol' },
  { base: [192, 0, 2, 0], prefix: 24, reason: 'documentation' },
  { base: [192, 88, 99, 0], prefix: 24, reason: '6to4-relay' },
  { base: [192, 168, 0, 0], prefix: 16, reason: 'private' },
  { base: [198, 18, 0, 0], prefix: 15, reason: 'benchmarking' },
  { base: [198, 51, 100, 0], prefix: 24, reason: 'documentation' },
  { base: [203, 0, 113, 0], prefix: 24, reason: 'documentation' },
  { base: [224, 0, 0, 0], prefix: 4, reason: 'multicast' },
  { base: [240, 0, 0, 0], prefix: 4, reason: 'reserved' }, // includes 255.255.255.255
];

const hex = (...groups: number[]): number[] => groups.flatMap((g) => [g >> 8, g & 255]);

const V6_BLOCKED: readonly Cidr[] = [
  { base: hex(0x2001, 0), prefix: 32, reason: 'teredo' },
  { base: hex(0x2001, 0x2, 0), prefix: 48, reason: 'benchmarking' },
  { base: hex(0x2001, 0x10), prefix: 28, reason: 'orchid' },
  { base: hex(0x2001, 0x20), prefix: 28, reason: 'orchid' },
  { base: hex(0x2001, 0xdb8), prefix: 32, reason: 'documentation' },
  { base: hex(0x3fff, 0), prefix: 20, reason: 'documentation' },
];

function inCidr(bytes: Uint8Array, cidr: Cidr): boolean {
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] as number) & mask) !== ((cidr.base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function checkV4(bytes: Uint8Array): AddressVerdict {
  for (const cidr of V4_BLOCKED) {
    if (inCidr(bytes, cidr)) return { allowed: false, reason: cidr.reason };
  }
  return { allowed: true };
}

function embedded(bytes: Uint8Array, from: number, via: string): AddressVerdict {
  const verdict = checkV4(bytes.subarray(from, from + 4));
  return verdict.allowed ? verdict : { allowed: false, reason: `${via}:${verdict.reason}` };
}

const isZero = (bytes: Uint8Array, from: number, to: number): boolean =>
  bytes.subarray(from, to).every((b) => b === 0);

function checkV6(b: Uint8Array): AddressVerdict {
  if (isZero(b, 0, 10)) {
    if (b[10] === 0xff && b[11] === 0xff) return embedded(b, 12, 'ipv4-mapped'); // ::ffff:0:0/96
    if (isZero(b, 10, 12)) {
      if (isZero(b, 12, 16)) return { allowed: false, reason: 'unspecified' };
      if (isZero(b, 12, 15) && b[15] === 1) return { allowed: false, reason: 'loopback' };
      return { allowed: false, reason: 'ipv4-compatible' }; // ::/96, deprecated
    }
  }
  // ::ffff:0:a.b.c.d (SIIT, RFC 6052 §2.1 / RFC 2765)
  if (isZero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && isZero(b, 10, 12)) {
    return embedded(b, 12, 'ipv4-translated');
  }
  // 64:ff9b::/96 well-known NAT64 prefix: the gateway connects to the embedded IPv4.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (isZero(b, 4, 12)) return embedded(b, 12, 'nat64');
    return { allowed: false, reason: 'nat64-local' }; // 64:ff9b:1::/48 and the rest of the /32
  }
  // Anything outside 2000::/3 is not global unicast: ULA fc00::/7, link-local fe80::/10,
  // site-local fec0::/10, multicast ff00::/8, discard 100::/64, the rest of ::/8...
  if (((b[0] as number) & 0xe0) !== 0x20) {
    const first = ((b[0] as number) << 8) | (b[1] as number);
    if ((first & 0xfe00) === 0xfc00) return { allowed: false, reason: 'unique-local' };
    if ((first & 0xffc0) === 0xfe80) return { allowed: false, reason: 'link-local' };
    if ((first & 0xffc0) === 0xfec0) return { allowed: false, reason: 'site-local' };
    if ((first & 0xff00) === 0xff00) return { allowed: false, reason: 'multicast' };
    return { allowed: false, reason: 'not-global-unicast' };
  }
  // 2002::/16 6to4: the relay reaches the IPv4 address in bits 16..47.
  if (b[0] === 0x20 && b[1] === 0x02) return embedded(b, 2, '6to4');
  for (const cidr of V6_BLOCKED) {
    if (inCidr(b, cidr)) return { allowed: false, reason: cidr.reason };
  }
  return { allowed: true };
}

/**
 * The verdict for one address. Accepts a parsed address or any literal text form; text that is
 * not an IP literal is refused (fail closed).
 */
export function checkAddress(address: IpAddress | string): AddressVerdict {
  const ip = typeof address === 'string' ? parseIpLiteral(address) : address;
  if (!ip) return { allowed: false, reason: 'not-an-ip' };
  return ip.family === 4 ? checkV4(ip.bytes) : checkV6(ip.bytes);
}

/**
 * What a URL host's text alone decides, before any resolution: a localhost name or an IP literal
 * in any spelling (brackets allowed). `null` for any other name: only resolving it tells.
 */
export function checkHostText(host: string): AddressVerdict | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isLocalhostName(bare)) return { allowed: false, reason: 'localhost-name' };
  const literal = parseIpLiteral(bare);
  return literal ? checkAddress(literal) : null;
}
