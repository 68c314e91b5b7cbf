import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandboxMerchant } from './app';
import type { SandboxOptions, SandboxState } from './types';

/** Starts the sandbox on a real port (0 picks a free one). Resolves once it listens. */
export async function startSandboxMerchant(
  options: SandboxOptions & {
    port?: number;
    host?: string;
    /** Sees every request before the sandbox answers it (tests count page fetches). */
    onRequest?: (request: Request) => void;
  } = {},
): Promise<{ url: string; close(): Promise<void>; state: SandboxState }> {
  const host = options.host ?? '127.0.0.1';
  const { app, state, sandbox } = createSandboxMerchant(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const fetch: typeof app.fetch = (request, ...rest) => {
      options.onRequest?.(request);
      return app.fetch(request, ...rest);
    };
    const s = serve({ fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const publicHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = sandbox.baseUrl ?? `http://${publicHost}:${port}`;
  sandbox.baseUrl = url;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
