import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { intentBody } from '../support/api';
import { createTestDatabase, sql } from '../support/postgres';
import { runCli, startServer } from '../support/server-process';
import { startStack } from '../support/stack';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'intent-pg-cli-'));
  dirs.push(dir);
  return dir;
};
const keyFrom = (output: string) => output.match(/sk_test_[A-Za-z0-9]{32}/)?.[0];
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

describe('intent-server on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  afterEach(async () => {
    await database?.drop();
  });

  it('serves from DATABASE_URL or --database-url; two servers on one database share keys and objects, and create one intent for one idempotent request', async () => {
    database = await createTestDatabase();
    const first = await startServer(['--no-sandbox'], { DATABASE_URL: database.url });
    const second = await startServer(['--no-sandbox', '--database-url', database.url]);
    try {
      expect(first.output()).toMatch(
        /Database: PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1/,
      );
      const key = keyFrom(first.output());
      expect(key).toBeDefined();
      expect(keyFrom(second.output())).toBeUndefined(); // the key the first one made is there
      const headers = {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'one-purchase',
      };
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fetch(`${(i % 2 ? first : second).baseUrl}/v1/intents`, {
            method: 'POST',
            headers,
            body: JSON.stringify(intentBody()),
          }),
        ),
      );
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as {
        intent_id?: string;
        error?: { code: string };
      }[];
      // 201 (first or replayed) or 409 while a twin on the same instance is in flight.
      for (const [i, answer] of answers.entries()) {
        if (answer.status === 201) continue;
        expect(answer.status).toBe(409);
        expect(bodies[i]!.error?.code).toBe('idempotency_in_flight');
      }
      expect(new Set(bodies.map((b) => b.intent_id).filter(Boolean)).size).toBe(1);
      const listed = (await (
        await fetch(`${first.baseUrl}/v1/intents`, { headers: { Authorization: `Bearer ${key}` } })
      ).json()) as { data: unknown[] };
      expect(listed.data).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
    }
  }, 60_000);

  it('creates, lists and revokes keys with --database-url; migrate says what it did', async () => {
    database = await createTestDatabase();
    const url = ['--database-url', database.url];
    const migrated = await runCli(['migrate', ...url]);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain('Migrated the schema from version 0 to 1');
    expect(migrated.stdout).not.toContain(new URL(database.url).password);
    expect((await runCli(['migrate', ...url])).stdout).toContain(
      'Schema is up to date (version 1).',
    );

    const created = await runCli(['keys', 'create', '--partner', 'globex', ...url]);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^sk_test_/);
    const listed = await runCli(['keys', 'list'], { DATABASE_URL: database.url });
    expect(listed.stdout).toContain(key.slice(0, 16));
    expect(listed.stdout).toContain('globex');
    const revoked = await runCli(['keys', 'revoke', key.slice(0, 16), ...url]);
    expect(revoked.stdout).toContain(`Revoked ${key.slice(0, 16)}`);
  }, 60_000);

  it('refuses to start against a database migrated by a newer release, saying why', async () => {
    database = await createTestDatabase();
    expect((await runCli(['migrate', '--database-url', database.url])).code).toBe(0);
    await sql(
      `INSERT INTO schema_migrations (version, name) VALUES (2, 'from the future')`,
      [],
      database.url,
    );
    const serve = await runCli([
      'serve',
      '--no-sandbox',
      '--port',
      '0',
      '--database-url',
      database.url,
    ]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain(
      'is at schema version 2, but this intent-server knows versions up to 1',
    );
  }, 60_000);

  it('buys over real HTTP on PostgreSQL; receipts verify checks the receipt with the key kept in the database', async () => {
    database = await createTestDatabase();
    const stack = await startStack([], {}, database.url);
    try {
      const item = await stack.product({ price_cents: 9_900 });
      const created = await stack.api('POST', '/intents', {
        ...intentBody({ objective: { product: { product_url: item.url } } }),
        guardrails: { allowed_merchants: ['127.0.0.1'] },
      });
      expect(created.status).toBe(201);
      await stack.waitForStatus(created.body.intent_id, ['succeeded']);
      expect(await stack.ordersFor(item.sku)).toHaveLength(1);
      const receipt = (await stack.api('GET', `/intents/${created.body.intent_id}/receipt`)).body;
      const file = join(tempDir(), 'receipt.json');
      writeFileSync(file, JSON.stringify(receipt));
      const verified = await runCli(['receipts', 'verify', file, '--database-url', database.url]);
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain(`valid: receipt ${receipt.receipt_id}`);
      writeFileSync(file, JSON.stringify({ ...receipt, currency: 'EUR' }));
      expect(
        (await runCli(['receipts', 'verify', file, '--database-url', database.url])).code,
      ).toBe(1);
    } finally {
      await stack.stop();
    }
  }, 60_000);
});

describe('schema versions of a SQLite data directory from the CLI', () => {
  it('migrates a SQLite data directory, and refuses one migrated by a newer release', async () => {
    const data = tempDir();
    const migrated = await runCli(['migrate', '--data', data]);
    expect(migrated.stdout).toContain(`Data directory: ${data}`);
    expect(migrated.stdout).toContain('Migrated the schema from version 0 to 1');
    const db = new Database(join(data, 'intents.db'));
    db.prepare(`INSERT INTO schema_migrations VALUES (2, 'from the future', '2030-01-01')`).run();
    db.close();
    const serve = await runCli(['serve', '--no-sandbox', '--port', '0', '--data', data]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('is at schema version 2');
    expect(serve.stderr).toContain('Run that release (or newer) against it');
  }, 60_000);
});
