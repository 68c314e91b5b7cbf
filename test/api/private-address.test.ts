import { describe, expect, it } from 'vitest';
import { intentBody, testApi } from '../support/api';

/** Every spelling of a non-public host the URL parser accepts, as a product URL's authority. */
const NON_PUBLIC_HOSTS = [
  ['loopback', '127.0.0.1'],
  ['loopback, short form', '127.1'],
  ['loopback, decimal', '2130706433'],
  ['loopback, hex', '0x7f000001'],
  ['loopback, dotted hex', '0x7f.0x0.0x0.0x1'],
  ['loopback, octal', '0177.0.0.1'],
  ['loopback, with a port', '127.0.0.1:8081'],
  ['loopback, trailing dot', '127.0.0.1.'],
  ['this network', '0.0.0.0'],
  ['this network, bare zero', '0'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.31.255.255'],
  ['private 192.168/16', '192.168.0.1'],
  ['private, octal', '012.0.0.1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['link-local', '169.254.1.1'],
  ['metadata', '169.254.169.254'],
  ['metadata, decimal', '2852039166'],
  ['metadata, hex', '0xa9fea9fe'],
  ['metadata, octal', '0251.0376.0251.0376'],
  ['IPv6 loopback', '[::1]'],
  ['IPv6 loopback, long form', '[0:0:0:0:0:0:0:1]'],
  ['IPv6 unspecified', '[::]'],
  ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped loopback, hex', '[::ffff:7f00:1]'],
  ['IPv4-mapped metadata', '[::ffff:169.254.169.254]'],
  ['IPv4-compatible loopback', '[::127.0.0.1]'],
  ['NAT64 metadata', '[64:ff9b::a9fe:a9fe]'],
  ['6to4 loopback', '[2002:7f00:1::]'],
  ['IPv6 link-local', '[fe80::1]'],
  ['IPv6 unique-local (AWS metadata)', '[fd00:ec2::254]'],
  ['localhost', 'localhost'],
  ['localhost, upper case', 'LOCALHOST'],
  ['localhost, trailing dot', 'localhost.'],
  ['*.localhost', 'shop.localhost'],
  ['*.localhost, nested', 'a.b.localhost:3000'],
] as const;

const atHost = (host: string) =>
  intentBody({
    objective: { product: { product_url: `http://${host}/products/trail-runner` } },
    guardrails: { expires_at: '2030-01-01T00:00:00Z' },
    payment: undefined,
  });

async function liveApi(network?: { allowPrivate: boolean; exemptOrigins: string[] }) {
  const api = await testApi(network ? { network } : {});
  const live = (await api.engine.keys.create('acme', true)).key;
  return { ...api, live };
}

describe('a live intent on a non-public address', () => {
  it.each(NON_PUBLIC_HOSTS)('is refused at create: %s (%s)', async (_name, host) => {
    const { call, live, engine } = await liveApi();
    const res = await call('POST', '/v1/intents', { key: live, body: atHost(host) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'objective.product.product_url',
    });
    expect(res.body.error.message).toMatch(/non-public address.*public shop pages/);
    const stored = await engine.ctx.store.query('intents', { index: 'by_expiry', prefix: [] });
    expect(stored).toEqual([]);
  });

  it.each(NON_PUBLIC_HOSTS)('is accepted in test mode: %s (%s)', async (_name, host) => {
    const { call } = await liveApi();
    const res = await call('POST', '/v1/intents', { body: atHost(host) });
    expect(res.status).toBe(201);
  });

  it.each(NON_PUBLIC_HOSTS)(
    'is accepted in live mode with --allow-private-network: %s (%s)',
    async (_name, host) => {
      const { call, live } = await liveApi({ allowPrivate: true, exemptOrigins: [] });
      expect((await call('POST', '/v1/intents', { key: live, body: atHost(host) })).status).toBe(
        201,
      );
    },
  );

  it('is accepted on an origin the host exempts (the sandbox), and only that exact origin', async () => {
    const { call, live } = await liveApi({
      allowPrivate: false,
      exemptOrigins: ['http://127.0.0.1:8081'],
    });
    const exempt = await call('POST', '/v1/intents', { key: live, body: atHost('127.0.0.1:8081') });
    expect(exempt.status).toBe(201);
    const otherPort = await call('POST', '/v1/intents', {
      key: live,
      body: atHost('127.0.0.1:8082'),
    });
    expect(otherPort.status).toBe(400);
  });

  it.each(['shop.example.com', '93.184.216.34', '[2606:2800:220:1:248:1893:25c8:1946]'])(
    'leaves public hosts and names alone in live mode: %s',
    async (host) => {
      const { call, live } = await liveApi();
      expect((await call('POST', '/v1/intents', { key: live, body: atHost(host) })).status).toBe(
        201,
      );
    },
  );
});
