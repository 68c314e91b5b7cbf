import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { intentBody } from '../support/api';
import { withBusyPort } from '../support/busy-port';
import { runCli, startServer } from '../support/server-process';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'intent-server-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const keyFrom = (output: string) => output.match(/sk_test_[A-Za-z0-9]{32}/)?.[0];

describe('intent-server over a real HTTP port', () => {
  it('prints a test key on a fresh data dir, serves the API, keeps data across restarts and stops on SIGTERM', async () => {
    const data = dataDir();
    const first = await startServer(['--data', data]);
    const key = keyFrom(first.output());
    expect(key).toBeDefined();
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

    const health = await fetch(`${first.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const healthBody = (await health.json()) as { status: string; request_id: string };
    expect(healthBody).toEqual({ status: 'ok', request_id: expect.stringMatching(/^req_/) });
    expect(health.headers.get('x-request-id')).toBe(healthBody.request_id);
    const created = await fetch(`${first.baseUrl}/v1/intents`, {
      method: 'POST',
      headers,
      body: JSON.stringify(intentBody()),
    });
    expect(created.status).toBe(201);
    const intent = (await created.json()) as { intent_id: string };
    expect(created.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startServer(['--data', data]);
    expect(keyFrom(second.output())).toBeUndefined();
    const got = await fetch(`${second.baseUrl}/v1/intents/${intent.intent_id}`, { headers });
    expect(got.status).toBe(200);
    expect(((await got.json()) as { status: string }).status).toBe('active');
    const events = (await (
      await fetch(`${second.baseUrl}/v1/intents/${intent.intent_id}/events`, { headers })
    ).json()) as {
      events: unknown[];
    };
    expect(events.events).toHaveLength(1);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('serves the OpenAPI document and an API reference page from local files', async () => {
    const server = await startServer(['--data', dataDir()]);
    try {
      const doc = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as {
        openapi: string;
      };
      expect(doc.openapi).toBe('3.1.0');
      const page = await fetch(`${server.baseUrl}/docs`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('swagger-ui-bundle.js');
      expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)/);
      const bundle = await fetch(`${server.baseUrl}/docs/assets/swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
      expect((await bundle.text()).length).toBeGreaterThan(100_000);
    } finally {
      await server.stop();
    }
  });

  it('creates, lists and revokes keys with the CLI; a revoked key stops working at once', async () => {
    const data = dataDir();
    const created = await runCli(['keys', 'create', '--partner', 'globex', '--data', data]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
    const live = await runCli(['keys', 'create', '--partner', 'globex', '--live', '--data', data]);
    expect(live.stdout.trim().split('\n').at(-1)).toMatch(/^sk_live_/);

    const listed = await runCli(['keys', 'list', '--data', data]);
    expect(listed.stdout).toContain(key.slice(0, 16));
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).toContain('globex');

    const server = await startServer(['--data', data]);
    try {
      const auth = { Authorization: `Bearer ${key}` };
      expect((await fetch(`${server.baseUrl}/v1/intents`, { headers: auth })).status).toBe(200);
      const revoked = await runCli(['keys', 'revoke', key.slice(0, 16), '--data', data]);
      expect(revoked.code).toBe(0);
      expect((await fetch(`${server.baseUrl}/v1/intents`, { headers: auth })).status).toBe(401);
    } finally {
      await server.stop();
    }
  }, 60_000); // five CLI processes and a server: each start compiles the sources with tsx

  it('explains usage errors with exit code 2', async () => {
    const res = await runCli(['keys', 'create']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--partner');
  });

  it.each([
    [['serve', 'extra', '--no-sandbox'], "Unexpected argument 'extra'"],
    [['keys', 'list', 'extra'], "Unexpected argument 'extra'"],
    [['serve', '--port', '99999', '--no-sandbox'], '--port must be a port from 0 to 65535'],
  ])('refuses %j before starting anything (exit 2)', async (args, message) => {
    const res = await runCli([...args, '--data', dataDir()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it('exits 1 when it cannot listen, closing the sandbox it had already started', async () => {
    await withBusyPort(async (port) => {
      // If the sandbox's listener stayed open the process would never exit and this would time out.
      const res = await runCli([
        'serve',
        '--port',
        String(port),
        '--sandbox-port',
        '0',
        '--data',
        dataDir(),
      ]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `Cannot listen on --host 127.0.0.1 --port ${port} (EADDRINUSE): another process listens there; stop it or choose another --port.`,
      );
    });
  }, 20_000);
});
