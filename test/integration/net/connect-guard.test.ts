/**
 * The connection layer on its own: the undici connector and the checked lookup refuse blocked
 * addresses without any help from the fetcher's pre-checks, and without touching the canary.
 */
import type { Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  createGuardedAgent,
  createGuardedConnector,
  isBlockedAddressError,
  makeLookup,
  type Resolver,
} from '../../../server/net/connect-guard';
import { startCanary } from './servers';

const canary = await startCanary();
afterAll(() => canary.close());

const table =
  (answers: string[]): Resolver =>
  async () =>
    answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

function connect(
  connector: ReturnType<typeof createGuardedConnector>,
  host: string,
  port = canary.port,
): Promise<Socket> {
  const hostname = host.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    connector(
      { protocol: 'http:', hostname, host: `${host}:${port}`, port: String(port) },
      (error, socket) => (error ? reject(error) : resolve(socket as Socket)),
    );
  });
}

describe('checked lookup', () => {
  const lookup = (answers: string[], checked: boolean, options: object) =>
    new Promise<unknown[]>((resolve) =>
      makeLookup(table(answers), checked)('name.test', options, (...args) => resolve(args)),
    );

  it('answers single and all forms, filtered by family', async () => {
    expect(await lookup(['93.184.216.34', '2606:4700::1'], true, {})).toEqual([
      null,
      '93.184.216.34',
      4,
    ]);
    expect(await lookup(['93.184.216.34', '2606:4700::1'], true, { family: 6 })).toEqual([
      null,
      '2606:4700::1',
      6,
    ]);
    expect(await lookup(['93.184.216.34', '2606:4700::1'], true, { all: true })).toEqual([
      null,
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
    ]);
  });

  it('fails if any answer is blocked, whatever the family asked for', async () => {
    const [error] = await lookup(['93.184.216.34', '::1'], true, { family: 4 });
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toBe('refusing to connect to name.test: not a public address');
  });

  it('unchecked lookup passes blocked answers through (guard off)', async () => {
    expect(await lookup(['127.0.0.1'], false, {})).toEqual([null, '127.0.0.1', 4]);
  });
});

describe('guarded connector', () => {
  const guarded = (answers: string[]) =>
    createGuardedConnector({
      guard: true,
      isExemptOrigin: () => false,
      resolve: table(answers),
      connectTimeoutMs: 2000,
    });

  it.each([
    '127.0.0.1',
    '2130706433',
    '0x7f.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    'localhost',
    'foo.localhost.',
  ])('refuses the literal or local name %s before opening a socket', async (host) => {
    const before = canary.connections();
    const error = await connect(guarded(['93.184.216.34']), host).catch((e: unknown) => e);
    expect(isBlockedAddressError(error)).toBe(true);
    expect(canary.connections()).toBe(before);
  });

  it.each([[['127.0.0.1']], [['::ffff:127.0.0.1']], [['93.184.216.34', '127.0.0.1']]])(
    'refuses a name resolving to %j',
    async (answers) => {
      const before = canary.connections();
      const error = await connect(guarded(answers), 'name.test').catch((e: unknown) => e);
      expect(isBlockedAddressError(error)).toBe(true);
      expect(canary.connections()).toBe(before);
    },
  );

  it('connects when the guard is off or the origin is exempt (control)', async () => {
    const before = canary.connections();
    const off = createGuardedConnector({
      guard: false,
      isExemptOrigin: () => false,
      resolve: table(['127.0.0.1']),
      connectTimeoutMs: 2000,
    });
    (await connect(off, 'name.test')).destroy();
    const exempt = createGuardedConnector({
      guard: true,
      isExemptOrigin: (origin) => origin === `http://127.0.0.1:${canary.port}`,
      resolve: table([]),
      connectTimeoutMs: 2000,
    });
    (await connect(exempt, '127.0.0.1')).destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(canary.connections()).toBe(before + 2);
  });

  it('an undici request through the guarded agent is refused with the BlockedAddressError', async () => {
    const agent = createGuardedAgent({
      guard: true,
      isExemptOrigin: () => false,
      resolve: table(['127.0.0.1']),
      connectTimeoutMs: 2000,
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 2000,
    });
    try {
      const before = canary.connections();
      const error = await request(`http://rebound.test:${canary.port}/`, {
        dispatcher: agent,
      }).catch((e: unknown) => e);
      expect(isBlockedAddressError(error)).toBe(true);
      expect(canary.connections()).toBe(before);
    } finally {
      await agent.close();
    }
  });
});
