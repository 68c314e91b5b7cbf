import type { EventDoc } from '../events/log';
import type { StoreReader } from '../ports';
import type { OutboxDoc, WebhookEndpointDoc } from '../schemas/webhook-endpoint';
import type { Picked, Slots } from './slots';
import { fingerprint } from '../util/fingerprint';

export interface Pick {
  picked: Picked[];
  /** Rows of a deleted or disabled endpoint, or of a missing event: deleted, never sent. */
  orphans: string[];
  /** Candidates left for a later pick: only room was lacking. */
  rest: OutboxDoc[];
}

/**
 * Chooses, among due rows read earlier (`candidates`, oldest first), the ones to claim now: rows
 * the slots have room for, of an enabled endpoint, first in their lane (per-intent order), whose
 * event exists. A row already held here leaves the candidates, and so does one waiting behind an
 * earlier event of its lane, whose head is considered in its place when it is due (`now`). A
 * lane whose head is not due (another instance is sending it, or it waits for a retry) is left
 * alone until `busy` says so, without reading it again at every step. The rows' reads are made
 * all at once: a store that answers a read once the commits it saw are durable makes them wait
 * together.
 */
export async function pickDue(
  reader: StoreReader,
  candidates: readonly OutboxDoc[],
  slots: Slots,
  busy: BusyLanes,
  now: number,
): Promise<Pick> {
  const pick: Pick = { picked: [], orphans: [], rest: [] };
  busy.forget(now);
  let pool = candidates;
  for (let pass = 0; pass < MAX_PASSES && pool.length > 0; pass++) {
    const { chosen, rest } = choose(pool, slots, busy);
    const heads = await settle(reader, chosen, slots, pick);
    for (const head of heads) if (head.next_attempt_at > now) busy.wait(head, now);
    pool = [...heads.filter((head) => head.next_attempt_at <= now && !slots.isHeld(head)), ...rest];
    if (heads.length === 0) break;
  }
  pick.rest = [...pool];
  return pick;
}

/** Rounds of picking in one step: a lane's head found behind a row is tried in the next. */
const MAX_PASSES = 4;

/** Holds, in order, the rows the slots have room for; the others (lane busy, no room) are left. */
function choose(pool: readonly OutboxDoc[], slots: Slots, busy: BusyLanes) {
  const chosen: OutboxDoc[] = [];
  const rest: OutboxDoc[] = [];
  for (const row of pool) {
    if (slots.isHeld(row)) continue;
    if (busy.has(row.lane) || !slots.canHold(row)) {
      rest.push(row);
      continue;
    }
    slots.hold(row);
    chosen.push(row);
  }
  return { chosen, rest };
}

/**
 * Reads what the chosen rows need and keeps those that may go; returns, for rows behind an
 * earlier event of their lane, that lane's head. The event is read only for a lane's head.
 */
async function settle(
  reader: StoreReader,
  chosen: readonly OutboxDoc[],
  slots: Slots,
  pick: Pick,
): Promise<OutboxDoc[]> {
  const endpoints = new Map<string, Promise<WebhookEndpointDoc | undefined>>();
  const endpointOf = (id: string) => {
    if (!endpoints.has(id)) endpoints.set(id, reader.get('webhook_endpoints', id));
    return endpoints.get(id)!;
  };
  const looked = await Promise.all(
    chosen.map(async (row) => {
      const [endpoint, head] = await Promise.all([
        endpointOf(row.endpoint_id),
        headOfLane(reader, row),
      ]);
      const first = endpoint?.status === 'enabled' && head.outbox_id === row.outbox_id;
      const event = first ? await reader.get<EventDoc>('events', row.event_id) : undefined;
      return { endpoint, head, event };
    }),
  );
  const heads: OutboxDoc[] = [];
  chosen.forEach((row, i) => {
    const { endpoint, head, event } = looked[i]!;
    const enabled = endpoint?.status === 'enabled';
    if (enabled && event) {
      pick.picked.push({ row, endpoint, event });
      return;
    }
    slots.letGo(row);
    if (!enabled || head.outbox_id === row.outbox_id) pick.orphans.push(row.outbox_id);
    else heads.push(head);
  });
  return heads;
}

/** The row of the lane owed first (delivery order per intent): the row itself when none is earlier. */
async function headOfLane(reader: StoreReader, row: OutboxDoc): Promise<OutboxDoc> {
  if (row.lane.endsWith(`|${row.event_id}`)) return row; // an account event: a lane of its own
  const [head] = await reader.query<OutboxDoc>('webhook_outbox', {
    index: 'by_lane',
    prefix: [row.lane],
    order: 'asc',
    limit: 1,
  });
  return head ?? row;
}

/** How long a lane whose head is not due is left alone before it is looked at again. */
const LANE_RECHECK_MS = 1_000;

/**
 * Lanes whose head is not due (claimed by another instance, or waiting for a retry): their later
 * rows are not picked until the head is due or LANE_RECHECK_MS passed, whichever comes first (the
 * instance sending the head sends the rest of the lane; a lane freed earlier waits at most that).
 */
export function createBusyLanes() {
  const until = new Map<string, number>();
  return {
    has: (lane: string) => until.has(lane),
    wait(head: OutboxDoc, now: number) {
      until.set(head.lane, Math.min(head.next_attempt_at, now + LANE_RECHECK_MS));
    },
    /** Lets go of the lanes whose time has come. */
    forget(now: number) {
      for (const [lane, at] of until) if (at <= now) until.delete(lane);
    },
  };
}

export type BusyLanes = ReturnType<typeof createBusyLanes>;

/**
 * Due rows in this instance's own order of lanes (each lane's fingerprint salted per instance),
 * the rows of a lane together, in the order read. Instances read the same oldest rows: taken in
 * that order, they all went for the same first few — in a three-instance fleet run of 1 000
 * intents, 11 510 of 23 625 claims found the row taken (each after reading its lane's head, its
 * event and its endpoint, and after waiting for the winner's commit); in this order, 6 979 of
 * 19 084. The rows read are the oldest due, so every lane among them still goes before newer rows.
 */
export function inOwnLaneOrder(rows: OutboxDoc[], salt: string): OutboxDoc[] {
  const keyed = rows.map((row, i) => ({ row, i, key: fingerprint(salt + row.lane) }));
  keyed.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.i - y.i));
  return keyed.map(({ row }) => row);
}
