import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../support/server-process';

const data = mkdtempSync(join(tmpdir(), 'private-network-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe('intent-server serve --allow-private-network', () => {
  it('decides whether a live intent may watch a private address', async () => {
    const created = await runCli(['keys', 'create', '--partner', 'ops', '--live', '--data', data]);
    const live = created.stdout.trim().split('\n').at(-1)!;
    const body = JSON.stringify({
      type: 'purchase',
      external_user_id: 'ops_1',
      objective: { product: { product_url: 'http://0x7f000001:9/products/intranet' } },
    });
    const create = (baseUrl: string) =>
      fetch(`${baseUrl}/v1/intents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${live}`, 'Content-Type': 'application/json' },
        body,
      });

    for (const [flags, status] of [
      [[], 400],
      [['--allow-private-network'], 201],
    ] as const) {
      const server = await startServer(['--data', data, '--no-sandbox', ...flags]);
      try {
        const res = await create(server.baseUrl);
        const answer = (await res.json()) as { error?: { param: string } };
        expect([flags, res.status, answer.error?.param]).toEqual([
          flags,
          status,
          status === 400 ? 'objective.product.product_url' : undefined,
        ]);
      } finally {
        await server.stop();
      }
    }
  }, 90_000);
});
