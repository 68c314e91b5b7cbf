import { describe, expect, it } from 'vitest';
import { createMemoryStore, TABLES, type Query, type StoreReader } from '../../../engine/index';
import { createBusyLanes, inOwnLaneOrder, pickDue } from '../../../engine/webhooks/pick';
import { createSlots } from '../../../engine/webhooks/slots';
import type { OutboxDoc } from '../../../engine/schemas/webhook-endpoint';

const NOW = 1_800_000_000_000;
const LANE = 'we_1|int_1';

const row = (n: number, extra: Partial<OutboxDoc> = {}): OutboxDoc => ({
  outbox_id: `whm_${n}`,
  endpoint_id: 'we_1',
  event_id: `evt_${n}`,
  lane: LANE,
  attempts: 0,
  next_attempt_at: NOW,
  ...extra,
});

/** An outbox of one lane: its head `first`, then row 2; counts the reads pickDue makes. */
async function outbox(first: OutboxDoc) {
  const store = createMemoryStore(TABLES);
  await store.transact(async (tx) => {
    await tx.put('webhook_endpoints', { endpoint_id: 'we_1', scope: 's', status: 'enabled' });
    for (const n of [1, 2]) await tx.put('events', { event_id: `evt_${n}`, scope: 's' });
    await tx.put('webhook_outbox', first);
    await tx.put('webhook_outbox', row(2));
  });
  const reads = { lanes: 0, events: 0 };
  const reader: StoreReader = {
    get: (table, key) => {
      if (table === 'events') reads.events++;
      return store.get(table, key);
    },
    query: (table: string, query: Query) => {
      if (query.index === 'by_lane') reads.lanes++;
      return store.query(table, query);
    },
  };
  return { reader, reads };
}

const slots = () => createSlots({ perEndpoint: 4, maxInFlight: 16 });

describe('pickDue', () => {
  it('picks the head of a lane, reading its event', async () => {
    const { reader, reads } = await outbox(row(1));
    const pick = await pickDue(reader, [row(1), row(2)], slots(), createBusyLanes(), NOW);
    expect(pick.picked.map((p) => p.row.outbox_id)).toEqual(['whm_1']);
    expect(pick.rest.map((r) => r.outbox_id)).toEqual(['whm_2']);
    expect(reads.events).toBe(1);
  });

  it('leaves a lane whose head another instance is sending for a second, without reading it again', async () => {
    const sending = row(1, { next_attempt_at: NOW + 60_000, claimed_by: 'other' });
    const { reader, reads } = await outbox(sending);
    const busy = createBusyLanes();
    const first = await pickDue(reader, [row(2)], slots(), busy, NOW);
    expect(first).toMatchObject({ picked: [], rest: [], orphans: [] });
    expect(reads).toEqual({ lanes: 1, events: 0 }); // the event of a row behind the head: unread
    // Steps in the next second (reading the due rows again) leave the lane alone; then it is
    // looked at again.
    const next = await pickDue(reader, [row(2)], slots(), busy, NOW + 500);
    expect(next.rest.map((r) => r.outbox_id)).toEqual(['whm_2']);
    expect(reads.lanes).toBe(1);
    await pickDue(reader, [row(2)], slots(), busy, NOW + 1_000);
    expect(reads.lanes).toBe(2);
  });

  it('looks at a lane again when its head falls due for a retry', async () => {
    const retrying = row(1, { attempts: 1, next_attempt_at: NOW + 300 });
    const { reader, reads } = await outbox(retrying);
    const busy = createBusyLanes();
    await pickDue(reader, [row(2)], slots(), busy, NOW);
    await pickDue(reader, [row(2)], slots(), busy, NOW + 200);
    expect(reads.lanes).toBe(1);
    const due = await pickDue(reader, [retrying, row(2)], slots(), busy, NOW + 300);
    expect(due.picked.map((p) => p.row.outbox_id)).toEqual(['whm_1']);
    expect(reads.lanes).toBe(2);
  });
});

describe('inOwnLaneOrder', () => {
  // Oldest first, as read: 40 lanes of three rows each, their rows interleaved.
  const read = Array.from({ length: 120 }, (_, n) =>
    row(n, { lane: `we_1|int_${n % 40}`, event_id: `evt_${n}` }),
  );
  const lanesOf = (rows: OutboxDoc[]) => [...new Set(rows.map((r) => r.lane))];

  it('keeps every row, and the rows of each lane in the order read', () => {
    const ordered = inOwnLaneOrder(read, 'a');
    expect([...ordered].sort((x, y) => x.event_id.localeCompare(y.event_id))).toEqual(
      [...read].sort((x, y) => x.event_id.localeCompare(y.event_id)),
    );
    for (const lane of lanesOf(read)) {
      const inLane = (rows: OutboxDoc[]) => rows.filter((r) => r.lane === lane);
      expect(inLane(ordered)).toEqual(inLane(read));
    }
    // A lane's rows come together: its head first, as the next rows lead to it anyway.
    const runs = ordered.filter((r, i) => i === 0 || ordered[i - 1]!.lane !== r.lane);
    expect(runs).toHaveLength(40);
  });

  it('takes lanes in an order of its own per salt, so that instances start on different lanes', () => {
    const firsts = ['a', 'b', 'c', 'd'].map((salt) => lanesOf(inOwnLaneOrder(read, salt))[0]);
    expect(new Set(firsts).size).toBeGreaterThan(1);
    expect(lanesOf(inOwnLaneOrder(read, 'a'))).toEqual(lanesOf(inOwnLaneOrder(read, 'a')));
  });
});
