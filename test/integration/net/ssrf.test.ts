/**
 * SSRF suite: every payload must fail with the expected FetchError failure code in live mode,
 * and no payload may open a TCP connection to the canary (a listener on 127.0.0.1 and ::1 whose
 * port the payloads target). The control block then replays every payload marked `canary` with
 * the guard off and checks that it DOES reach the canary — so each of those payloads is a live
 * round that the guard, and only the guard, stops.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FetchError, type FetchFailure } from '../../../engine/ports';
import {
  createGuardedFetcher,
  type GuardedFetcherOptions,
} from '../../../server/net/guarded-fetcher';
import { startCanary, startServer, tableLookup } from './servers';

type Lookup = NonNullable<GuardedFetcherOptions['lookup']>;

const canary = await startCanary();
const P = canary.port;
const PUBLIC = '93.184.216.34'; // only ever handed to the guard, never connected to

const redirector = await startServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://redirector');
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (chain) {
    const left = Number(chain[1]);
    const then = url.searchParams.get('then');
    if (left > 0) {
      res.writeHead(302, { location: `/chain/${left - 1}${url.search}` });
    } else if (then) {
      res.writeHead(302, { location: then });
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
    }
    res.end(left > 0 || then ? '' : 'end of chain');
    return;
  }
  if (url.pathname === '/r') {
    res.writeHead(Number(url.searchParams.get('s') ?? '302'), {
      location: url.searchParams.get('to') ?? '/',
    });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('redirector');
});
const R = redirector.origin;
const redirect = (to: string, status = 302) => `${R}/r?s=${status}&to=${encodeURIComponent(to)}`;

afterAll(async () => {
  await canary.close();
  await redirector.close();
});

/** Static DNS for the suite: names mapped to loopback/metadata/mixed answers. */
const dnsTable: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'foo.localhost': ['127.0.0.1'],
  'canary.test': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'v6loop.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'private.test': ['10.1.2.3'],
  'mixed.test': [PUBLIC, '127.0.0.1'],
};

/** Public address on the first lookup, then `then` on every later one. */
function rebinding(then: string[]): Lookup & { calls: () => number } {
  let calls = 0;
  const lookup = async () => {
    calls++;
    const answer = calls === 1 ? [PUBLIC] : then;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
  return Object.assign(lookup, { calls: () => calls });
}

interface Payload {
  name: string;
  url: string;
  expect: FetchFailure;
  /** With the guard off this payload connects to the canary (checked in the control block). */
  canary?: boolean;
  lookup?: () => Lookup & { calls: () => number };
  /** Lookup calls expected: 2 proves the connection-layer check (not the pre-check) refused. */
  lookupCalls?: number;
  /** Resolved addresses that must not appear in the error message. */
  secret?: string;
}

const v6 = canary.v6;

const payloads: Payload[] = [
  // ---- IPv4 literals of loopback in every encoding
  {
    name: 'dotted 127.0.0.1',
    url: `http://127.0.0.1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'decimal 2130706433',
    url: `http://2130706433:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'octal dotted 0177.0.0.1',
    url: `http://0177.0.0.1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'octal whole 017700000001',
    url: `http://017700000001:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'hex whole 0x7f000001',
    url: `http://0x7f000001:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'hex dotted 0x7f.0.0.1',
    url: `http://0x7f.0.0.1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  { name: 'short 127.1', url: `http://127.1:${P}/`, expect: 'blocked_address', canary: true },
  { name: 'short 127.0.1', url: `http://127.0.1:${P}/`, expect: 'blocked_address', canary: true },
  {
    name: 'mixed octal/hex 0177.0x0.1',
    url: `http://0177.0x0.1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'zero padded 127.000.000.001',
    url: `http://127.000.000.001:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'trailing dot 127.0.0.1.',
    url: `http://127.0.0.1.:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'ideographic dots 127。0。0。1',
    url: `http://127。0。0。1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'percent-encoded %31%32%37.0.0.1',
    url: `http://%31%32%37.0.0.1:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'other loopback 127.127.127.127',
    url: `http://127.127.127.127:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'this-network 0.0.0.0',
    url: `http://0.0.0.0:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'this-network shorthand 0',
    url: `http://0:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  // ---- metadata, private, CGNAT, reserved
  {
    name: 'metadata 169.254.169.254',
    url: `http://169.254.169.254:${P}/latest/meta-data/`,
    expect: 'blocked_address',
  },
  {
    name: 'metadata decimal 2852039166',
    url: `http://2852039166:${P}/`,
    expect: 'blocked_address',
  },
  { name: 'metadata hex 0xa9fea9fe', url: `http://0xa9fea9fe:${P}/`, expect: 'blocked_address' },
  {
    name: 'metadata octal 0251.0376.0251.0376',
    url: `http://0251.0376.0251.0376:${P}/`,
    expect: 'blocked_address',
  },
  { name: 'private 10.0.0.1', url: `http://10.0.0.1:${P}/`, expect: 'blocked_address' },
  { name: 'private 172.31.255.255', url: `http://172.31.255.255:${P}/`, expect: 'blocked_address' },
  { name: 'private 192.168.1.1', url: `http://192.168.1.1:${P}/`, expect: 'blocked_address' },
  { name: 'CGNAT 100.64.0.1', url: `http://100.64.0.1:${P}/`, expect: 'blocked_address' },
  { name: 'benchmarking 198.18.0.1', url: `http://198.18.0.1:${P}/`, expect: 'blocked_address' },
  { name: 'multicast 224.0.0.1', url: `http://224.0.0.1:${P}/`, expect: 'blocked_address' },
  { name: 'reserved 240.0.0.1', url: `http://240.0.0.1:${P}/`, expect: 'blocked_address' },
  {
    name: 'broadcast 255.255.255.255',
    url: `http://255.255.255.255:${P}/`,
    expect: 'blocked_address',
  },
  // ---- IPv6 literals
  { name: 'IPv6 loopback [::1]', url: `http://[::1]:${P}/`, expect: 'blocked_address', canary: v6 },
  {
    name: 'IPv6 loopback long form',
    url: `http://[0:0:0:0:0:0:0:1]:${P}/`,
    expect: 'blocked_address',
    canary: v6,
  },
  {
    name: 'IPv6 unspecified [::]',
    url: `http://[::]:${P}/`,
    expect: 'blocked_address',
    canary: v6,
  },
  {
    name: 'IPv4-mapped [::ffff:127.0.0.1]',
    url: `http://[::ffff:127.0.0.1]:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'IPv4-mapped hex [::ffff:7f00:1]',
    url: `http://[::ffff:7f00:1]:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'IPv4-mapped long [0:0:0:0:0:ffff:7f00:1]',
    url: `http://[0:0:0:0:0:ffff:7f00:1]:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'IPv4-compatible [::127.0.0.1]',
    url: `http://[::127.0.0.1]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'IPv4-translated [::ffff:0:127.0.0.1]',
    url: `http://[::ffff:0:127.0.0.1]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'IPv4-mapped metadata',
    url: `http://[::ffff:169.254.169.254]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'NAT64 [64:ff9b::127.0.0.1]',
    url: `http://[64:ff9b::127.0.0.1]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'NAT64 metadata [64:ff9b::a9fe:a9fe]',
    url: `http://[64:ff9b::a9fe:a9fe]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: '6to4 loopback [2002:7f00:1::1]',
    url: `http://[2002:7f00:1::1]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: '6to4 private [2002:c0a8:101::1]',
    url: `http://[2002:c0a8:101::1]:${P}/`,
    expect: 'blocked_address',
  },
  {
    name: 'Teredo [2001:0:4136:e378:8000:63bf:80ff:fffe]',
    url: `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P}/`,
    expect: 'blocked_address',
  },
  { name: 'unique local [fc00::1]', url: `http://[fc00::1]:${P}/`, expect: 'blocked_address' },
  {
    name: 'AWS IPv6 metadata [fd00:ec2::254]',
    url: `http://[fd00:ec2::254]:${P}/`,
    expect: 'blocked_address',
  },
  { name: 'link-local [fe80::1]', url: `http://[fe80::1]:${P}/`, expect: 'blocked_address' },
  { name: 'zone id [fe80::1%25lo]', url: `http://[fe80::1%25lo]:${P}/`, expect: 'invalid_url' },
  { name: 'multicast [ff02::1]', url: `http://[ff02::1]:${P}/`, expect: 'blocked_address' },
  // ---- names
  { name: 'localhost', url: `http://localhost:${P}/`, expect: 'blocked_address', canary: true },
  {
    name: 'localhost. (trailing dot)',
    url: `http://localhost.:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'LocalHost (case)',
    url: `http://LocalHost:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'foo.localhost',
    url: `http://foo.localhost:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'DNS name -> 127.0.0.1',
    url: `http://canary.test:${P}/`,
    expect: 'blocked_address',
    canary: true,
    secret: '127.0.0.1',
  },
  {
    name: 'wildcard DNS 127.0.0.1.nip.io',
    url: `http://127.0.0.1.nip.io:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'DNS name -> metadata',
    url: `http://metadata.test:${P}/`,
    expect: 'blocked_address',
    secret: '169.254',
  },
  {
    name: 'DNS name -> private 10.1.2.3',
    url: `http://private.test:${P}/`,
    expect: 'blocked_address',
    secret: '10.1.2.3',
  },
  {
    name: 'DNS name -> ::1',
    url: `http://v6loop.test:${P}/`,
    expect: 'blocked_address',
    canary: v6,
  },
  {
    name: 'DNS name -> ::ffff:127.0.0.1',
    url: `http://mapped.test:${P}/`,
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: 'DNS answer [public, 127.0.0.1]',
    url: `http://mixed.test:${P}/`,
    expect: 'blocked_address',
    secret: '127.0.0.1',
  },
  {
    name: 'DNS rebinding: public, then 127.0.0.1',
    url: `http://rebind.test:${P}/`,
    expect: 'blocked_address',
    lookup: () => rebinding(['127.0.0.1']),
    lookupCalls: 2,
  },
  {
    name: 'DNS rebinding: public, then [public, 127.0.0.1]',
    url: `http://rebind.test:${P}/`,
    expect: 'blocked_address',
    lookup: () => rebinding([PUBLIC, '127.0.0.1']),
    lookupCalls: 2,
  },
  {
    name: 'DNS rebinding: public, then ::ffff:7f00:1',
    url: `http://rebind.test:${P}/`,
    expect: 'blocked_address',
    lookup: () => rebinding(['::ffff:7f00:1']),
    lookupCalls: 2,
  },
  // ---- schemes, credentials, exemption exactness
  {
    name: 'credentials user:pass@127.0.0.1',
    url: `http://user:pass@127.0.0.1:${P}/`,
    expect: 'invalid_url',
  },
  {
    name: 'userinfo confusion exempt@canary',
    url: `http://127.0.0.1:${redirector.port}@127.0.0.1:${P}/`,
    expect: 'invalid_url',
  },
  { name: 'file:///etc/passwd', url: 'file:///etc/passwd', expect: 'invalid_url' },
  { name: 'gopher://', url: `gopher://127.0.0.1:${P}/_GET%20/`, expect: 'invalid_url' },
  { name: 'ftp://', url: `ftp://127.0.0.1:${P}/`, expect: 'invalid_url' },
  {
    name: 'exempt origin under another name (localhost)',
    url: `http://localhost:${redirector.port}/`,
    expect: 'blocked_address',
  },
  {
    name: 'exempt origin under https',
    url: `https://127.0.0.1:${redirector.port}/`,
    expect: 'blocked_address',
  },
  // ---- redirects from the exempt origin
  {
    name: '302 -> 127.0.0.1',
    url: redirect(`http://127.0.0.1:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '301 -> 127.0.0.1',
    url: redirect(`http://127.0.0.1:${P}/`, 301),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '303 -> 127.0.0.1',
    url: redirect(`http://127.0.0.1:${P}/`, 303),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '307 -> 127.0.0.1',
    url: redirect(`http://127.0.0.1:${P}/`, 307),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '308 -> 127.0.0.1',
    url: redirect(`http://127.0.0.1:${P}/`, 308),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> decimal 2130706433',
    url: redirect(`http://2130706433:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> hex 0x7f.1',
    url: redirect(`http://0x7f.1:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> [::1]',
    url: redirect(`http://[::1]:${P}/`),
    expect: 'blocked_address',
    canary: v6,
  },
  {
    name: '302 -> [::ffff:127.0.0.1]',
    url: redirect(`http://[::ffff:127.0.0.1]:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> localhost',
    url: redirect(`http://localhost:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> protocol-relative //127.0.0.1',
    url: redirect(`//127.0.0.1:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '302 -> DNS name resolving to loopback',
    url: redirect(`http://canary.test:${P}/`),
    expect: 'blocked_address',
    canary: true,
  },
  {
    name: '307 -> metadata',
    url: redirect(`http://169.254.169.254:${P}/latest/meta-data/`, 307),
    expect: 'blocked_address',
  },
  { name: '302 -> file:///etc/passwd', url: redirect('file:///etc/passwd'), expect: 'invalid_url' },
  {
    name: '302 -> gopher://',
    url: redirect(`gopher://127.0.0.1:${P}/_SSRF`),
    expect: 'invalid_url',
  },
  {
    name: '302 -> credentials in URL',
    url: redirect(`http://admin:admin@127.0.0.1:${P}/`),
    expect: 'invalid_url',
  },
  {
    name: '3 exempt hops then -> 127.0.0.1',
    url: `${R}/chain/3?then=${encodeURIComponent(`http://127.0.0.1:${P}/`)}`,
    expect: 'blocked_address',
    canary: true,
  },
  { name: 'redirect chain of 7 (> 5)', url: `${R}/chain/7`, expect: 'too_many_redirects' },
];

const suiteLookup = tableLookup(dnsTable);

function fetcherFor(payload: Payload, guardOff = false) {
  const lookup = payload.lookup?.();
  const fetcher = createGuardedFetcher({
    mode: 'live',
    allowPrivateNetwork: guardOff,
    allowOrigins: [R],
    minIntervalMs: 0,
    timeoutMs: 3000,
    lookup: lookup ?? suiteLookup,
  });
  return { fetcher, lookup };
}

describe('SSRF payloads in live mode', () => {
  it('has at least 30 payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(payloads.map((p) => [p.name, p] as const))('refuses %s', async (_name, payload) => {
    const { fetcher, lookup } = fetcherFor(payload);
    try {
      const error = await fetcher.fetch({ url: payload.url }).then(
        (response) => response,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FetchError);
      expect((error as FetchError).failure).toBe(payload.expect);
      if (payload.expect === 'blocked_address') {
        expect((error as FetchError).message).toMatch(
          /^refusing to fetch \S+: not a public address$/,
        );
      }
      if (payload.secret) expect((error as FetchError).message).not.toContain(payload.secret);
      if (payload.lookupCalls !== undefined) expect(lookup?.calls()).toBe(payload.lookupCalls);
    } finally {
      await fetcher.close();
    }
  });

  it('no payload opened a connection to the canary', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(canary.connections()).toBe(0);
  });
});

describe('control: with the guard off the same payloads DO reach the canary', () => {
  const live = payloads.filter((p) => p.canary);

  it('covers the loopback payloads', () => {
    expect(live.length).toBeGreaterThanOrEqual(25);
  });

  it.each(live.map((p) => [p.name, p] as const))(
    '%s reaches the canary',
    async (_name, payload) => {
      const { fetcher } = fetcherFor(payload, true);
      try {
        const before = canary.connections();
        const response = await fetcher.fetch({ url: payload.url });
        expect(response.body).toBe('canary');
        expect(canary.connections()).toBeGreaterThan(before);
      } finally {
        await fetcher.close();
      }
    },
  );

  it('the rebinding payloads reach the canary through the same name when the guard is off', async () => {
    const fetcher = createGuardedFetcher({
      mode: 'test',
      minIntervalMs: 0,
      lookup: tableLookup({ 'rebind.test': ['127.0.0.1'] }),
    });
    try {
      const before = canary.connections();
      const response = await fetcher.fetch({ url: `http://rebind.test:${P}/` });
      expect(response.body).toBe('canary');
      expect(canary.connections()).toBe(before + 1);
    } finally {
      await fetcher.close();
    }
  });
});
