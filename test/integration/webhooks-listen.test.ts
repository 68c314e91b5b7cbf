import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createGuardedFetcher } from '../../server/net/guarded-fetcher';
import { intentBody, testApi } from '../support/api';
import { webhookReceiver } from '../support/webhook-receiver';

const BIN = fileURLToPath(new URL('../../bin/intent-server.js', import.meta.url));

/** `intent-server webhooks listen --port 0 …`, resolved once it prints its address. */
async function listen(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'webhooks', 'listen', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`listen did not start:\n${out}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /on (http:\/\/[\d.:]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`listen exited with ${code}:\n${out}`)));
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('intent-server webhooks listen', () => {
  const fetcher = createGuardedFetcher({ mode: 'test', politeness: false });
  afterAll(() => fetcher.close());

  it('verifies, prints and forwards deliveries; refuses one that does not verify', async () => {
    const app = await webhookReceiver();
    const api = await testApi({ webhooks: { fetcherFor: () => fetcher } });
    api.clock.set(Date.now());
    const created = await api.call('POST', '/v1/webhook_endpoints', {
      body: { url: 'http://127.0.0.1:9/placeholder' },
    });
    const listener = await listen([
      '--secret',
      created.body.secret,
      '--forward-to',
      `${app.url}/in`,
    ]);
    try {
      await api.call('PATCH', `/v1/webhook_endpoints/${created.body.id}`, {
        body: { url: `${listener.url}/` },
      });
      const intent = await api.call('POST', '/v1/intents', { body: intentBody() });
      await api.engine.webhooks!.drain();
      await until(() => listener.output().includes('intent.created'));
      expect(listener.output()).toMatch(
        new RegExp(`intent\\.created  evt_\\w+  ${intent.body.intent_id}  -> ${app.url}/in 200`),
      );
      expect(app.received).toHaveLength(1);
      expect(JSON.parse(app.received[0]!.body).intent_id).toBe(intent.body.intent_id);
      expect(app.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

      const forged = await fetch(`${listener.url}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'evt_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{}',
      });
      expect(forged.status).toBe(400);
      await until(() => listener.output().includes('rejected'));
      expect(listener.output()).toContain('rejected  evt_forged');
      expect(app.received).toHaveLength(1);
    } finally {
      await listener.stop();
      await app.close();
    }
  }, 60_000);
});
