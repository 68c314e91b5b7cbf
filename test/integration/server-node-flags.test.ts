import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../bin/node-flags.js';
import { startServer } from '../support/server-process';

const BIN = new URL('../../bin/intent-server.js', import.meta.url);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The command line a running process was started with (Linux). */
const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe("the server's Node flags", () => {
  it('are the ones the bin file starts node with', () => {
    const [shebang] = readFileSync(BIN, 'utf8').split('\n');
    expect(shebang).toBe(`#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`);
  });

  it('reach the server started as the bin file itself (npx intent-server, a supervisor)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'intent-flags-'));
    dirs.push(data);
    const server = await startServer(['--data', data, '--no-sandbox'], {}, 20_000, 'executable');
    try {
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      const args = commandLine(server.child.pid!);
      expect(args.slice(1, 1 + SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
      expect(args[0]).toMatch(/(^|\/)node$/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
