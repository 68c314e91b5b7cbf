import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBusyPort } from '../support/busy-port';
import { runCli, startServer } from '../support/server-process';

const root = mkdtempSync(join(tmpdir(), 'cli-usage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case-${n++}`);

describe('the CLI, used the wrong way', () => {
  it.each([[['keys', 'create', '--help']], [['serve', '-h']], [['receipts', 'verify', '--help']]])(
    '%j prints that command’s usage and exits 0',
    async (args) => {
      const res = await runCli(args);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(`  ${args[0]} `);
      expect(res.stdout).not.toContain('catalog import'); // that command's lines alone
    },
  );

  it('names an unknown option and points to the usage, without advice about --', async () => {
    const res = await runCli(['migrate', '--foo']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("Unknown option '--foo'.");
    expect(res.stderr).toContain('intent-server migrate --help');
    expect(res.stderr).not.toContain("after '--'");
  });

  it('says a command is unknown, on stderr, with exit 2', async () => {
    const res = await runCli(['bogus']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("Unknown command 'bogus'.");
    expect(res.stdout).toBe('');
  });

  it.each([
    [['keys', 'create', '--partner', 'x', '--data='], '--data needs a directory'],
    [
      ['keys', 'create', '--partner', 'x', '--expires-in', '0'],
      '--expires-in must be longer than 0',
    ],
    [
      ['keys', 'create', '--partner', 'x', '--expires-in', '99999999999999d'],
      'longer than 100 years',
    ],
    [['webhooks', 'listen', '--secret', 'whsec_x'], '--secret must be the endpoint secret'],
  ])('refuses %j with exit 2', async (args, message) => {
    const res = await runCli(args, { INTENT_DATA_DIR: fresh() });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it('reads nothing into being: keys list and receipts verify on a directory without a database', async () => {
    const dir = fresh();
    const receipt = join(root, 'receipt.json');
    writeFileSync(receipt, JSON.stringify({ receipt_id: 'rcpt_1', signature: { kid: 'k' } }));
    for (const args of [
      ['keys', 'list', '--data', dir],
      ['receipts', 'verify', receipt, '--data', dir],
    ]) {
      const res = await runCli(args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain(`No database in ${dir}`);
    }
    expect(existsSync(join(dir, 'intents.db'))).toBe(false);
  });

  it('names the file and what is wrong with it', async () => {
    const dir = fresh();
    mkdirSync(dir);
    const notJson = join(dir, 'receipt.txt');
    writeFileSync(notJson, 'not json');
    const nullJson = join(dir, 'null.json');
    writeFileSync(nullJson, 'null');
    for (const [file, message] of [
      [dir, `${dir} is a directory, not a file`],
      [join(dir, 'missing.json'), `No such file for the receipt: ${join(dir, 'missing.json')}`],
      [notJson, `${notJson} is not JSON (the receipt)`],
      [nullJson, `${nullJson} is not a receipt`],
    ] as const) {
      const res = await runCli(['receipts', 'verify', file, '--jwks', file]);
      expect(res.code, file).toBe(1);
      expect(res.stderr).toContain(message);
    }
  });

  it('says what is wrong with a data directory that is a file or holds no SQLite database', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const onFile = await runCli(['migrate', '--data', file]);
    expect(onFile.code).toBe(1);
    expect(onFile.stderr).toContain(`The data directory ${file} is (or lies under) a file`);
    const dir = fresh();
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'intents.db'), 'not a database at all, just text '.repeat(40));
    const notSqlite = await runCli(['migrate', '--data', dir]);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toContain(`${join(dir, 'intents.db')} is not an SQLite database`);
    const badUrl = await runCli(['migrate', '--database-url', 'postgres://u:p@[bad/db']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--database-url (or DATABASE_URL) must be a postgres://');
  });

  it('names the flag whose port is taken', async () => {
    await withBusyPort(async (port) => {
      const res = await runCli([
        'serve',
        '--port',
        '0',
        '--sandbox-port',
        String(port),
        '--data',
        fresh(),
      ]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `Cannot listen on --host 127.0.0.1 --sandbox-port ${port} (EADDRINUSE): another process listens there; stop it or choose another --sandbox-port.`,
      );
    });
  });

  it('exits 1 when every row of an import is skipped', async () => {
    const dir = fresh();
    const file = join(root, 'venues.json');
    writeFileSync(file, JSON.stringify([{ nothing: 'here' }, { nor: 'here' }]));
    const res = await runCli(['catalog', 'import', file, '--kind', 'venues', '--data', dir]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Nothing imported');
  });

  it('refuses a second server on the same SQLite directory, and serves it again once the first is gone', async () => {
    const dir = fresh();
    const first = await startServer(['--no-sandbox', '--data', dir]);
    try {
      const second = await runCli(['serve', '--port', '0', '--no-sandbox', '--data', dir]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Another intent-server is serving ${dir}`);
      expect(second.stdout).not.toContain('Ready.');
    } finally {
      await first.stop('SIGKILL');
    }
    const again = await startServer(['--no-sandbox', '--data', dir]);
    await again.stop();
  }, 60_000);
});
