import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ListenOptions {
  port: number;
  host: string;
  secret: string;
  /** Verified deliveries are POSTed on here, headers and body unchanged; its status is answered. */
  forwardTo?: string;
  log: (line: string) => void;
}

const FORWARDED = ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local webhook receiver (like `stripe listen`): verifies each delivery's signature with the
 * Standard Webhooks reference library, prints it, and forwards it when asked. A delivery that
 * does not verify answers 400, so the sender retries it.
 */
export async function startWebhookListener(options: ListenOptions) {
  const verifier = new Webhook(options.secret);
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const headers = Object.fromEntries(
        FORWARDED.map((name) => [name, String(req.headers[name] ?? '')]),
      );
      let event: { type?: string; event_id?: string; intent_id?: string | null };
      try {
        event = verifier.verify(body, headers) as typeof event;
      } catch (error) {
        options.log(`rejected  ${headers['webhook-id'] || '-'}  ${(error as Error).message}`);
        res.writeHead(400, { 'content-type': 'text/plain' }).end('signature did not verify\n');
        return;
      }
      const about = event.intent_id ? `  ${event.intent_id}` : '';
      let status = 200;
      let forwarded = '';
      if (options.forwardTo) {
        try {
          const answer = await fetch(options.forwardTo, { method: 'POST', headers, body });
          status = answer.status;
          forwarded = `  -> ${options.forwardTo} ${status}`;
        } catch (error) {
          status = 502;
          forwarded = `  -> ${options.forwardTo} failed: ${(error as Error).message}`;
        }
      }
      options.log(
        `${new Date().toISOString()}  ${event.type}  ${event.event_id}${about}${forwarded}`,
      );
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok\n');
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
