import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTransition,
  createEngine,
  createMemoryStore,
  EVENT_TYPES,
  STATUSES,
  TABLES,
  TERMINAL_STATUSES,
  TRANSITIONS,
  type IntentDoc,
  type Trigger,
} from '../../engine/index';
import { intentBody, testApi } from '../support/api';

const TRIGGERS = Object.keys(TRANSITIONS) as Trigger[];

describe('the state machine table', () => {
  it('never lists a terminal state as a source', () => {
    for (const [trigger, row] of Object.entries(TRANSITIONS)) {
      for (const from of row.from) expect(TERMINAL_STATUSES, trigger).not.toContain(from);
    }
  });

  it('only uses known statuses and event types', () => {
    for (const row of Object.values(TRANSITIONS)) {
      expect(STATUSES).toContain(row.to);
      expect(EVENT_TYPES).toContain(row.event);
      row.from.forEach((from) => expect(STATUSES).toContain(from));
    }
  });

  it('lets every non-terminal state be canceled and expire', () => {
    const nonTerminal = STATUSES.filter((s) => !TERMINAL_STATUSES.includes(s));
    expect([...TRANSITIONS.cancel.from].sort()).toEqual([...nonTerminal].sort());
    expect([...TRANSITIONS.expire.from].sort()).toEqual([...nonTerminal].sort());
  });

  it('reaches every state from active', () => {
    const reached = new Set<string>(['active']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const row of Object.values(TRANSITIONS)) {
        if (row.from.some((f) => reached.has(f)) && !reached.has(row.to)) {
          reached.add(row.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...STATUSES].sort());
  });
});

describe('applyTransition', () => {
  it('writes the new status and exactly one event per applied row, and nothing for a row that does not apply', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...TRIGGERS), { maxLength: 25 }),
        async (triggers) => {
          const { call, engine } = await testApi();
          const id = (await call('POST', '/v1/intents', { body: intentBody() })).body
            .intent_id as string;
          const { ctx } = engine;
          let status = 'active';
          let applied = 0;
          for (const trigger of triggers) {
            const row = TRANSITIONS[trigger];
            const result = await ctx.store.transact((tx) => applyTransition(tx, ctx, id, trigger));
            const allowed = (row.from as readonly string[]).includes(status);
            expect(result !== null).toBe(allowed);
            if (allowed) {
              expect(TERMINAL_STATUSES).not.toContain(status);
              status = row.to;
              applied++;
              expect(result!.event.type).toBe(row.event);
            }
          }
          const stored = (await ctx.store.get<IntentDoc>('intents', id))!;
          expect(stored.status).toBe(status);
          expect(stored.version).toBe(1 + applied);
          if (TERMINAL_STATUSES.includes(stored.status)) expect(stored.watch_id).toBeNull();
          const events = await ctx.store.query('events', { index: 'by_intent', prefix: [id] });
          expect(events).toHaveLength(1 + applied);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rolls the event back with the status when the transaction fails', async () => {
    const engine = createEngine({ store: createMemoryStore(TABLES) });
    const { key } = await engine.keys.create('acme');
    const res = await engine.fetch(
      new Request('http://x/v1/intents', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(intentBody()),
      }),
    );
    const id = ((await res.json()) as { intent_id: string }).intent_id;
    const { ctx } = engine;
    await expect(
      ctx.store.transact(async (tx) => {
        await applyTransition(tx, ctx, id, 'cancel');
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow();
    expect((await ctx.store.get<IntentDoc>('intents', id))!.status).toBe('active');
    expect(await ctx.store.query('events', { index: 'by_intent', prefix: [id] })).toHaveLength(1);
  });
});
