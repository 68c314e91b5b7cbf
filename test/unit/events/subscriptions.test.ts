import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES } from '../../../engine/index';
import { wrapUnits } from '../../support/wrap-units';
import { saveEndpoint, subscribersOf } from '../../../engine/events/subscriptions';
import type { WebhookEndpointDoc } from '../../../engine/schemas/webhook-endpoint';

const SCOPE = 'ptr_1:test';

const endpoint = (id: string): WebhookEndpointDoc => ({
  endpoint_id: id,
  scope: SCOPE,
  livemode: false,
  url: `https://hooks.example/${id}`,
  description: null,
  metadata: {},
  enabled_events: ['*'],
  status: 'enabled',
  disabled_reason: null,
  secret: 'whsec_x',
  previous_secret: null,
  previous_secret_expires_at: null,
  failing_since: null,
  created_at: '2026-11-29T00:00:00.000Z',
});

/** An engine whose store counts the reads of the scope's endpoint version. */
function engineCountingVersionReads() {
  const memory = createMemoryStore(TABLES);
  const reads = { version: 0 };
  const store = wrapUnits(memory, (tx) => ({
    ...tx,
    get: (table, key) => {
      if (table === 'settings') reads.version++;
      return tx.get(table, key);
    },
  }));
  return { engine: createEngine({ store }), reads };
}

describe('subscribersOf', () => {
  it("reads the scope's endpoint version once per unit, for however many events it appends", async () => {
    const { engine, reads } = engineCountingVersionReads();
    const { ctx } = engine;
    await ctx.store.transact((tx) => saveEndpoint(tx, endpoint('we_1'), null));
    reads.version = 0;
    const seen = await ctx.store.transact(async (tx) => {
      const lists = [];
      for (let i = 0; i < 3; i++) lists.push(await subscribersOf(tx, ctx, SCOPE));
      return lists;
    });
    expect(reads.version).toBe(1);
    expect(seen.map((list) => list.map((s) => s.endpoint_id))).toEqual([
      ['we_1'],
      ['we_1'],
      ['we_1'],
    ]);
    // The next unit reads it again: another instance may have changed the endpoints meanwhile.
    await ctx.store.transact((tx) => subscribersOf(tx, ctx, SCOPE));
    expect(reads.version).toBe(2);
  });

  it('sees an endpoint the same unit adds after an earlier event', async () => {
    const { engine } = engineCountingVersionReads();
    const { ctx } = engine;
    const [before, after] = await ctx.store.transact(async (tx) => {
      const first = await subscribersOf(tx, ctx, SCOPE);
      await saveEndpoint(tx, endpoint('we_2'), null);
      return [first, await subscribersOf(tx, ctx, SCOPE)];
    });
    expect(before).toEqual([]);
    expect(after.map((s) => s.endpoint_id)).toEqual(['we_2']);
  });
});
