/**
 * Local servers for the net tests: every one listens on 127.0.0.1 (and the canary also on ::1)
 * on an ephemeral port. Nothing here contacts another host.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Canary {
  /** The same port on 127.0.0.1 and (when available) ::1. */
  port: number;
  /** True when the canary also listens on ::1. */
  v6: boolean;
  /** TCP connections accepted so far, on either address. */
  connections(): number;
  close(): Promise<void>;
}

function listen(server: net.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen({ host, port, ipv6Only: host === '::1' }, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: net.Server): Promise<void> =>
  new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });

/**
 * A TCP listener that counts every connection it accepts and answers a minimal HTTP 200
 * `canary`, so that a fetch that reaches it (with the guard off) visibly succeeds.
 */
export async function startCanary(): Promise<Canary> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const onConnection = (socket: net.Socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => {
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 6\r\nconnection: close\r\n\r\ncanary',
      );
    });
  };
  const v4 = net.createServer(onConnection);
  const port = await listen(v4, '127.0.0.1', 0);
  const v6server = net.createServer(onConnection);
  let v6 = false;
  try {
    await listen(v6server, '::1', port);
    v6 = true;
  } catch {
    v6 = false;
  }
  return {
    port,
    v6,
    connections: () => count,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(v4), closeServer(v6server)]);
    },
  };
}

export interface TestServer {
  origin: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

export async function startServer(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  const port = await listen(server, '127.0.0.1', 0);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    server,
    async close() {
      server.closeAllConnections();
      await closeServer(server);
    },
  };
}

/** A DNS override from a fixed table; unknown names fail like NXDOMAIN (never real DNS). */
export function tableLookup(table: Record<string, string[]>) {
  return async (hostname: string): Promise<{ address: string; family: 4 | 6 }[]> => {
    const name = hostname.toLowerCase().replace(/\.+$/, '');
    const addresses = table[name];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
