import { type WatchDoc } from '../schemas/watch';
import type { Caller } from '../caller';
import { loadIntent } from './service';
import { loadWatch } from './watch';
import type { StoreReader } from '../ports';
import type { IntentDoc } from '../schemas/intent-doc';
import type { Observation } from '../schemas/intent';

/** The intent record of CONTRACT §7, without the store's internal fields. */
export function toIntentView(doc: IntentDoc, watched: Observation | null = null) {
  return {
    object: 'intent' as const,
    intent_id: doc.intent_id,
    status: doc.status,
    type: doc.type,
    external_user_id: doc.external_user_id,
    objective: doc.objective,
    conditions: doc.conditions,
    guardrails: doc.guardrails,
    payment: doc.payment,
    metadata: doc.metadata,
    livemode: doc.livemode,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    next_action: doc.next_action,
    last_observation: newest(doc.last_observation, watched),
    latest_execution: doc.latest_execution,
    receipt_id: doc.receipt_id,
    identity: { provided: Boolean(doc.identity) },
  };
}

/**
 * The view with the freshest observation: the monitor updates the shared watch on every check
 * and writes the intent only when its state changes, so the watch usually knows better. A
 * product_id intent has no single watch: each check of one of its pages writes its
 * last_observation (the chosen or closest offer, with the others: monitor/products.ts).
 */
export async function loadIntentView(reader: StoreReader, doc: IntentDoc) {
  const watch = await loadWatch(reader, doc.watch_id);
  return toIntentView(doc, watch?.last_observation ?? null);
}

const serialized = new WeakMap<IntentDoc, { watch: WatchDoc | undefined; json: string }>();

/**
 * loadIntentView as JSON text. A caching store hands out the same frozen documents until they
 * change, so the text is kept with them (GET /intents/{id} is the hottest read); documents that
 * are not frozen could change under us and are serialised every time.
 */
export async function loadIntentViewJson(reader: StoreReader, doc: IntentDoc): Promise<string> {
  return intentViewJson(doc, await loadWatch(reader, doc.watch_id));
}

/**
 * The caller's intent as view JSON (GET /intents/{id}), or resource_missing as loadIntent. From
 * the store's memory, without a promise, when it holds the intent and its watch (`peek`, as fresh
 * as `get`); read otherwise.
 */
export function callerIntentViewJson(
  reader: StoreReader,
  caller: Caller,
  intentId: string,
): string | Promise<string> {
  const intent = reader.peek?.<IntentDoc>('intents', intentId);
  if (intent && intent.scope === caller.scope) {
    const watch = intent.watch_id ? reader.peek?.<WatchDoc>('watches', intent.watch_id) : undefined;
    if (!intent.watch_id || watch) return intentViewJson(intent, watch);
  }
  return loadIntent(reader, caller, intentId).then((doc) => loadIntentViewJson(reader, doc));
}

/** The intent's view as JSON text, given its watch as read (kept with frozen documents). */
export function intentViewJson(doc: IntentDoc, watch: WatchDoc | undefined): string {
  const memo = serialized.get(doc);
  if (memo && memo.watch === watch) return memo.json;
  const json = JSON.stringify(toIntentView(doc, watch?.last_observation ?? null));
  if (Object.isFrozen(doc) && (!watch || Object.isFrozen(watch))) {
    serialized.set(doc, { watch, json });
  }
  return json;
}

function newest(a: Observation | null, b: Observation | null): Observation | null {
  if (!a || !b) return a ?? b;
  return b.observed_at > a.observed_at ? b : a;
}
