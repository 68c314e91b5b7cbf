import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLES } from '../../engine/index';
import { createNodeEngine } from '../../server/node-engine';
import { migrateStore } from '../../server/store/choice';
import { runCli } from '../support/server-process';

const root = mkdtempSync(join(tmpdir(), 'data-at-rest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case-${n++}`, 'data');
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('data at rest', () => {
  // A permissive umask proves the modes come from the code, not from the environment.
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
  });

  it('creates a fresh data directory 0700 and the database with its -wal and -shm files 0600', async () => {
    const dir = fresh();
    const engine = await createNodeEngine({ store: { kind: 'sqlite', dataDir: dir } });
    try {
      await engine.keys.create('acme');
      expect(modeOf(dir)).toBe('700');
      for (const file of ['intents.db', 'intents.db-wal', 'intents.db-shm']) {
        expect([file, modeOf(join(dir, file))]).toEqual([file, '600']);
      }
    } finally {
      await engine.close();
    }
  });

  it('creates the database 0600 when migrate is the first command to open it', async () => {
    const dir = fresh();
    await migrateStore({ kind: 'sqlite', dataDir: dir }, TABLES);
    expect(modeOf(join(dir, 'intents.db'))).toBe('600');
  });

  it('narrows the database files an older install left readable by others', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    await (await createNodeEngine({ store: { kind: 'sqlite', dataDir: dir } })).close();
    chmodSync(join(dir, 'intents.db'), 0o644);
    writeFileSync(join(dir, 'intents.db-journal'), '');
    chmodSync(join(dir, 'intents.db-journal'), 0o666);
    const engine = await createNodeEngine({ store: { kind: 'sqlite', dataDir: dir } });
    try {
      expect(modeOf(join(dir, 'intents.db'))).toBe('600');
      expect(modeOf(join(dir, 'intents.db-journal'))).toBe('600');
      expect(modeOf(dir)).toBe('755'); // readable by others is the owner's choice; the files are not
    } finally {
      await engine.close();
    }
  });

  it.each([
    ['group-writable', 0o770, 'its group may write'],
    ['world-writable', 0o777, 'everyone may write'],
    ['world-writable and sticky, like /tmp', 0o1777, 'everyone may write'],
  ])('refuses a %s data directory and writes nothing into it', async (_name, mode, message) => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, mode);
    await expect(createNodeEngine({ store: { kind: 'sqlite', dataDir: dir } })).rejects.toThrow(
      message,
    );
    expect(() => statSync(join(dir, 'intents.db'))).toThrow(/ENOENT/);
  });
});

describe('intent-server on a data directory others may write to', () => {
  it('exits 1 at start with a message that says how to fix it', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    const res = await runCli(['serve', '--port', '0', '--no-sandbox', '--data', dir]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Refusing the data directory ${dir}: everyone may write to it`);
    expect(res.stderr).toContain(`chmod 700 ${dir}`);
    expect(res.stdout).not.toContain('Ready.');
  });
});
