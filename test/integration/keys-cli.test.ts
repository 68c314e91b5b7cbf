import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../support/server-process';

const data = mkdtempSync(join(tmpdir(), 'keys-cli-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

const lastLine = (text: string) => text.trim().split('\n').at(-1)!;
const MINUTE = /^\d{4}-\d\d-\d\d \d\d:\d\d$/;
const minuteNow = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

describe('intent-server keys over a key’s life', () => {
  it('creates read-only and expiring keys, rolls one, and lists them all to the minute', async () => {
    const readOnly = await runCli([
      'keys',
      'create',
      '--partner',
      'globex',
      '--read-only',
      '--expires-in',
      '90d',
      '--data',
      data,
    ]);
    expect(readOnly.code).toBe(0);
    expect(readOnly.stdout).toMatch(
      /Created a test read-only key for partner 'globex' \(ptn_\w+\), valid until \d{4}-/,
    );
    const reader = lastLine(readOnly.stdout);
    const writer = lastLine(
      (await runCli(['keys', 'create', '--partner', 'globex', '--data', data])).stdout,
    );

    const server = await startServer(['--data', data, '--no-sandbox']);
    let replacement: string;
    try {
      const call = (key: string, method = 'GET') =>
        fetch(`${server.baseUrl}/v1/intents`, {
          method,
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
      expect((await call(reader)).status).toBe(200);
      const denied = await call(reader, 'POST');
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as { error: { code: string } }).error.code).toBe(
        'permission_denied',
      );
      expect((await call(writer)).status).toBe(200);

      // A roll without overlap stops the old key at once, in the running server too.
      const rolled = await runCli(['keys', 'roll', writer.slice(0, 16), '--data', data]);
      expect(rolled.code).toBe(0);
      expect(rolled.stdout).toContain(`Rolled ${writer.slice(0, 16)}…: it stopped working now.`);
      replacement = lastLine(rolled.stdout);
      expect(replacement).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
      const refused = await call(writer);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
        `Use the key that replaced it (${replacement.slice(0, 16)}…)`,
      );
      expect((await call(replacement)).status).toBe(200);
    } finally {
      await server.stop();
    }

    const listed = await runCli(['keys', 'list', '--data', data]);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^PREFIX\s+PARTNER\s+MODE\s+ACCESS\s+CREATED \(UTC\)\s+LAST USED\s+EXPIRES\s+STATUS$/,
    );
    const row = (key: string) =>
      lines.find((line) => line.startsWith(key.slice(0, 16)))!.split(/\s{2,}/);
    expect(row(reader)).toEqual([
      `${reader.slice(0, 16)}…`,
      'globex',
      'test',
      'read-only',
      expect.stringMatching(MINUTE),
      expect.stringMatching(MINUTE), // last used: by the requests above
      expect.stringMatching(MINUTE),
      'active',
    ]);
    expect(row(reader)[5]! <= minuteNow()).toBe(true);
    expect(row(writer)).toEqual([
      `${writer.slice(0, 16)}…`,
      'globex',
      'test',
      'read-write',
      expect.any(String),
      expect.stringMatching(/^\d{4}/),
      expect.stringMatching(/^\d{4}/),
      `rolled to ${replacement.slice(0, 16)}…`,
    ]);
    expect(row(replacement)).toEqual([
      `${replacement.slice(0, 16)}…`,
      'globex',
      'test',
      'read-write',
      expect.any(String),
      expect.stringMatching(/^\d{4}/),
      '-',
      'active',
    ]);
    expect(listed.stdout).not.toContain(reader);
  }, 120_000);

  it.each([
    [
      ['keys', 'create', '--partner', 'x', '--expires-in', '90 days'],
      '--expires-in must be a number and a unit',
    ],
    [['keys', 'list', '--overlap', '1h'], '--overlap goes with keys roll only'],
    [['keys', 'roll'], 'keys roll needs KEY_PREFIX'],
  ])(
    'refuses %j with exit 2',
    async (args, message) => {
      const res = await runCli([...args, '--data', data]);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(message);
    },
    60_000,
  );
});
