import type { EventDoc } from '../events/log';
import type { OutboxDoc, WebhookEndpointDoc } from '../schemas/webhook-endpoint';

/** An outbox row with what sending it needs. */
export interface Picked {
  row: OutboxDoc;
  endpoint: WebhookEndpointDoc;
  event: EventDoc;
}

/** A picked row claimed in the store until `until` (ms): it may be sent while that lasts. */
export interface Claimed extends Picked {
  until: number;
}

/** Rows held per delivery slot: enough to keep an endpoint busy while a step commits. */
const HELD_PER_SLOT = 8;

interface EndpointSlots {
  held: number;
  inFlight: number;
  ready: Claimed[];
}

/**
 * The outbox rows one dispatcher holds, from being picked until their attempt is recorded: a held
 * row keeps its lane busy (one event of an intent at a time) and counts against its endpoint,
 * which may have `perEndpoint` rows in flight and hold HELD_PER_SLOT times as many (claimed,
 * ready to follow as deliveries end: a step, which waits for a durable commit, refills them);
 * all endpoints together have at most `maxInFlight` in flight.
 */
export function createSlots(limits: { perEndpoint: number; maxInFlight: number }) {
  const held = new Set<string>();
  const lanes = new Set<string>();
  const endpoints = new Map<string, EndpointSlots>();
  let inFlight = 0;

  const slotsOf = (endpointId: string) => {
    let slots = endpoints.get(endpointId);
    if (!slots) endpoints.set(endpointId, (slots = { held: 0, inFlight: 0, ready: [] }));
    return slots;
  };

  function release(row: OutboxDoc) {
    held.delete(row.outbox_id);
    lanes.delete(row.lane);
    const slots = slotsOf(row.endpoint_id);
    if (--slots.held === 0) endpoints.delete(row.endpoint_id);
  }

  return {
    isHeld: (row: OutboxDoc) => held.has(row.outbox_id),
    /** Whether a row not held may be picked now: its lane is free and there is room. */
    canHold: (row: OutboxDoc) =>
      !lanes.has(row.lane) &&
      (endpoints.get(row.endpoint_id)?.held ?? 0) < HELD_PER_SLOT * limits.perEndpoint &&
      held.size < HELD_PER_SLOT * limits.maxInFlight,
    hold(row: OutboxDoc) {
      held.add(row.outbox_id);
      lanes.add(row.lane);
      slotsOf(row.endpoint_id).held++;
    },
    /** A held row that will not be sent (not claimed, or its claim ran short). */
    letGo: release,
    /** A claimed row, sent when its endpoint has room (next). */
    ready(claimed: Claimed) {
      slotsOf(claimed.row.endpoint_id).ready.push(claimed);
    },
    /**
     * Ready rows that may start now, oldest first per endpoint, counted in flight from here; a
     * row that may no longer be sent (`sendable` false: its claim runs out too soon) is let go.
     */
    next(sendable: (claimed: Claimed) => boolean): Claimed[] {
      const out: Claimed[] = [];
      for (const slots of [...endpoints.values()]) {
        while (
          slots.ready.length > 0 &&
          slots.inFlight < limits.perEndpoint &&
          inFlight < limits.maxInFlight
        ) {
          const claimed = slots.ready.shift()!;
          if (!sendable(claimed)) {
            release(claimed.row);
            continue;
          }
          out.push(claimed);
          slots.inFlight++;
          inFlight++;
        }
      }
      return out;
    },
    /** A delivery ended; the row stays held until its attempt is recorded. */
    ended(row: OutboxDoc) {
      slotsOf(row.endpoint_id).inFlight--;
      inFlight--;
    },
    /** The row's attempt is recorded (or could not be): its lane and its place are free. */
    recorded: release,
    /** Every ready row, taken out (the dispatcher stops). */
    takeReady(): Claimed[] {
      return [...endpoints.values()].flatMap((slots) => slots.ready.splice(0));
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;
