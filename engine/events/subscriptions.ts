import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import type { WebhookEndpointDoc } from '../schemas/webhook-endpoint';
import { unitMemo } from '../store/after-commit';

/** What an event needs of an endpoint to know whether it is owed to it. */
export interface Subscriber {
  endpoint_id: string;
  /** Event types delivered there; `*` is every type. */
  enabled_events: readonly string[];
}

interface VersionDoc {
  [field: string]: unknown;
  name: string;
  version: number;
}

interface Entry {
  version: number;
  subscribers: readonly Subscriber[];
}

/** Scopes remembered per engine; past this the oldest is forgotten (read again when needed). */
const MAX_SCOPES = 10_000;
const caches = new WeakMap<EngineContext, Map<string, Entry>>();

const versionName = (scope: string) => `webhook_endpoints:${scope}`;

/**
 * The enabled endpoints of a scope, as the caller's transaction sees them, for the outbox rows of
 * an event. Every write to a scope's endpoints bumps the scope's version row (`settings`,
 * `webhook_endpoints:<scope>`) in its own transaction (saveEndpoint, deleteEndpointRow); an event
 * reads that one row by key and reuses the list read at the same version. The version is read in
 * the event's transaction, so a change made by any instance on the store is seen exactly when
 * the query it replaces would have seen it (PostgreSQL: SERIALIZABLE orders the two).
 */
export async function subscribersOf(
  tx: StoreTx,
  ctx: EngineContext,
  scope: string,
): Promise<readonly Subscriber[]> {
  // The events of one unit (a page's intents waiting, say) read the version once.
  const memo = unitMemo(tx);
  const key = versionName(scope);
  const known = memo?.get(key) as readonly Subscriber[] | undefined;
  if (known) return known;
  const subscribers = await subscribersAtVersion(tx, ctx, scope);
  memo?.set(key, subscribers);
  return subscribers;
}

async function subscribersAtVersion(
  tx: StoreTx,
  ctx: EngineContext,
  scope: string,
): Promise<readonly Subscriber[]> {
  const version = (await tx.get<VersionDoc>('settings', versionName(scope)))?.version ?? 0;
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  const cached = cache.get(scope);
  if (cached?.version === version) return cached.subscribers;
  const endpoints = await tx.query<WebhookEndpointDoc>('webhook_endpoints', {
    index: 'by_scope',
    prefix: [scope],
  });
  const subscribers = endpoints
    .filter((endpoint) => endpoint.status === 'enabled')
    .map(({ endpoint_id, enabled_events }) => ({ endpoint_id, enabled_events }));
  if (cache.size >= MAX_SCOPES) cache.delete(cache.keys().next().value!);
  cache.set(scope, { version, subscribers });
  return subscribers;
}

export const isSubscribed = (subscriber: Subscriber, type: string) =>
  subscriber.enabled_events.includes('*') || subscriber.enabled_events.includes(type);

async function bumpVersion(tx: StoreTx, scope: string) {
  const name = versionName(scope);
  unitMemo(tx)?.delete(name);
  const current = (await tx.get<VersionDoc>('settings', name))?.version ?? 0;
  await tx.put('settings', { name, version: current + 1 });
}

const sameSubscription = (a: WebhookEndpointDoc, b: WebhookEndpointDoc) =>
  a.status === b.status &&
  a.enabled_events.length === b.enabled_events.length &&
  a.enabled_events.every((type, i) => b.enabled_events[i] === type);

/**
 * Writes an endpoint: every write to `webhook_endpoints` goes through here or deleteEndpointRow.
 * `previous` is the endpoint as the transaction read it; a write that changes neither its status
 * nor its events (a secret, a failure mark) leaves the scope's version alone.
 */
export async function saveEndpoint(
  tx: StoreTx,
  endpoint: WebhookEndpointDoc,
  previous: WebhookEndpointDoc | null,
): Promise<void> {
  await tx.put('webhook_endpoints', endpoint);
  if (!previous || !sameSubscription(previous, endpoint)) await bumpVersion(tx, endpoint.scope);
}

export async function deleteEndpointRow(tx: StoreTx, endpoint: WebhookEndpointDoc): Promise<void> {
  await tx.delete('webhook_endpoints', endpoint.endpoint_id);
  await bumpVersion(tx, endpoint.scope);
}
