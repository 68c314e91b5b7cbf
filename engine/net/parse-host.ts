/**
 * Literal IP addresses in every textual form a URL host or a resolver answer may take.
 *
 * WHATWG `new URL()` already normalises IPv4 hosts of http(s) URLs (decimal `2130706433`, octal
 * `0177.0.0.1`, hex `0x7f.1`, short `127.1`) to dotted quads and IPv6 hosts to their compressed
 * form, but the guard must not depend on one caller having parsed the URL first: the connection
 * layer sees host strings straight from undici and addresses straight from the resolver. So this
 * module parses the lenient inet_aton forms itself.
 */

export interface IpAddress {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
}

function parseIPv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
    if (digits === '') return 0; // WHATWG: a bare "0x" part is zero
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  const value = parseInt(digits, radix);
  return Number.isSafeInteger(value) ? value : Number.POSITIVE_INFINITY;
}

/**
 * IPv4 in the inet_aton / WHATWG forms: 1 to 4 parts, each decimal, octal (leading 0) or hex
 * (0x); the last part fills the remaining bytes (`127.1` = 127.0.0.1, `2130706433` = 127.0.0.1).
 * One trailing dot is allowed. Returns null when the text is not such a literal.
 */
export function parseIPv4(input: string): Uint8Array | null {
  let text = input;
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text === '') return null;
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return new Uint8Array([
    (value >>> 24) & 255,
    (value >>> 16) & 255,
    (value >>> 8) & 255,
    value & 255,
  ]);
}

function parseHexGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const pieces = text.split(':');
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as string;
    if (i === pieces.length - 1 && piece.includes('.')) {
      // Embedded dotted IPv4 in the last 32 bits (::ffff:127.0.0.1). Strict dotted decimal only.
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
      const octets = piece.split('.').map(Number);
      if (octets.some((o) => o > 255)) return null;
      const [a, b, c, d] = octets as [number, number, number, number];
      groups.push((a << 8) | b, (c << 8) | d);
      continue;
    }
    if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
    groups.push(parseInt(piece, 16));
  }
  return groups;
}

/**
 * IPv6 with or without brackets, with `::` compression, an embedded dotted IPv4 tail and an
 * optional zone id (`fe80::1%eth0`, `fe80::1%25eth0`), which is dropped: the zone only picks an
 * interface, the address decides what is reached.
 */
export function parseIPv6(input: string): Uint8Array | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = parseHexGroups(halves[0] as string);
    const tail = parseHexGroups(halves[1] as string);
    if (!head || !tail) return null;
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    const all = parseHexGroups(text);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 255;
  });
  return bytes;
}

/** A literal IP in any form (IPv4 shorthand, bracketed IPv6, zone ids), or null for a name. */
export function parseIpLiteral(host: string): IpAddress | null {
  const v6 = parseIPv6(host);
  if (v6) return { family: 6, bytes: v6 };
  const v4 = parseIPv4(host);
  if (v4) return { family: 4, bytes: v4 };
  return null;
}

export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return Array.from(ip.bytes).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) {
    groups.push((((ip.bytes[i] as number) << 8) | (ip.bytes[i + 1] as number)).toString(16));
  }
  return groups.join(':');
}

const LOCAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
]);

/**
 * Names that designate this machine whatever DNS says: `localhost` and every `*.localhost`
 * (RFC 6761), in any case, with any number of trailing dots.
 */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return LOCAL_NAMES.has(name) || name.endsWith('.localhost');
}
