/**
 * The SSRF guard in the connection layer: an undici `Agent` whose connector refuses to open a
 * socket to a non-public address. This is the check that matters — it runs on the address that
 * is actually connected to, so a name that resolves to a public address when a caller checked it
 * and to 127.0.0.1 when the socket is opened (DNS rebinding) is still refused.
 *
 * - IP-literal hosts: Node's `net.connect` skips `lookup` for literals, so the connector checks
 *   them itself before calling the socket factory.
 * - Names: the socket factory gets a checked `lookup`; every address the resolver returns is
 *   checked and the lookup fails if ANY of them is blocked (Happy Eyeballs may try any of them).
 * - After the socket connects, `socket.remoteAddress` is checked once more (defence in depth).
 * - `localhost` and `*.localhost` are refused by name.
 *
 * Exempt origins (exact `scheme://host:port`, e.g. the sandbox merchant) and a disabled guard
 * use the same agent with an unchecked connector.
 */
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { checkAddress, checkHostText } from '../../engine/index';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Thrown (and passed through undici) when a connection would reach a refused address. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_INTENT_BLOCKED_ADDRESS';
  constructor(
    /** The host as written in the URL (no port). */
    readonly host: string,
    /** Why, for logs only: not part of the message a caller sees. */
    readonly reason: string,
  ) {
    super(`refusing to connect to ${host}: not a public address`);
    this.name = 'BlockedAddressError';
  }
}

export function isBlockedAddressError(error: unknown): error is BlockedAddressError {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof BlockedAddressError) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Refuses a host before any resolution when its text alone decides: an IP literal in a blocked
 * range, or a localhost name. Returns nothing when the host is a name that must be resolved.
 */
export function checkHostLiteral(host: string): void {
  const verdict = checkHostText(host);
  if (verdict && !verdict.allowed) throw new BlockedAddressError(host, verdict.reason);
}

/** Resolves a name and checks every answer; refuses if any answer is blocked. */
export async function resolveChecked(
  hostname: string,
  resolve: Resolver,
): Promise<ResolvedAddress[]> {
  const answers = await resolve(hostname);
  if (answers.length === 0) {
    throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  }
  for (const answer of answers) {
    const verdict = checkAddress(answer.address);
    if (!verdict.allowed) throw new BlockedAddressError(hostname, verdict.reason);
  }
  return answers;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

type NodeLookup = (
  hostname: string,
  options: LookupOptions | number,
  callback: LookupCallback,
) => void;

/** A `net.connect` lookup backed by `resolve`, optionally checking every answer. */
export function makeLookup(resolve: Resolver, checked: boolean): NodeLookup {
  return (hostname, options, callback) => {
    const opts: LookupOptions = typeof options === 'number' ? { family: options } : options;
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family;
    const answers = checked ? resolveChecked(hostname, resolve) : resolve(hostname);
    answers.then(
      (all) => {
        const usable = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, opts.all ? [] : '', undefined);
          return;
        }
        if (opts.all)
          callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, opts.all ? [] : '', undefined),
    );
  };
}

export interface GuardedAgentOptions {
  /** When false, no address is refused (test mode, --allow-private-network). */
  guard: boolean;
  /** Exact origins (`http://127.0.0.1:8081`) the guard does not apply to. */
  isExemptOrigin: (origin: string) => boolean;
  resolve: Resolver;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Sockets per origin; default 4. */
  connections?: number;
}

type ConnectOptions = buildConnector.Options;
type ConnectCallback = buildConnector.Callback;

function originOf(opts: Pick<ConnectOptions, 'protocol' | 'host' | 'hostname' | 'port'>) {
  const host = opts.host ?? (opts.port ? `${opts.hostname}:${opts.port}` : opts.hostname);
  try {
    return new URL(`${opts.protocol}//${host}`).origin;
  } catch {
    return 'null';
  }
}

export function createGuardedConnector(
  options: Omit<GuardedAgentOptions, 'headersTimeoutMs' | 'bodyTimeoutMs'>,
) {
  const plain = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: makeLookup(options.resolve, false),
  });
  const checked = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: makeLookup(options.resolve, true),
  });

  return function guardedConnect(opts: ConnectOptions, callback: ConnectCallback): void {
    if (!options.guard || options.isExemptOrigin(originOf(opts))) {
      plain(opts, callback);
      return;
    }
    const host = opts.hostname;
    try {
      checkHostLiteral(host);
    } catch (error) {
      callback(error as Error, null);
      return;
    }
    checked(opts, (error, socket) => {
      if (error) {
        callback(error, null);
        return;
      }
      const remote = (socket as Socket).remoteAddress;
      const verdict = remote ? checkAddress(remote) : { allowed: false, reason: 'no-remote' };
      if (!verdict.allowed) {
        (socket as Socket).destroy();
        callback(new BlockedAddressError(host, verdict.reason), null);
        return;
      }
      callback(null, socket as Socket);
    });
  };
}

export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  return new Agent({
    connect: createGuardedConnector(options),
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    keepAliveTimeout: 4_000,
    connections: options.connections ?? 4,
  });
}
