import { type EngineContext } from '../context';
import { scopeOf, type Caller } from '../caller';
import { EngineError } from '../errors';
import { sha256Hex } from '../util/sha256';
import type { ApiKeyDoc } from './keys';

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{32}$/;

const invalidKey = (
  message = 'Invalid API key provided. Check the key, or create one with `intent-server keys create`.',
) => new EngineError('invalid_api_key', message);

/** token -> sha256(token). Hashing is deterministic, so the cache never goes stale; it only saves CPU. */
const hashes = new Map<string, string>();
const HASH_CACHE_SIZE = 10_000;

async function hashOf(token: string): Promise<string> {
  let hash = hashes.get(token);
  if (hash === undefined) {
    hash = await sha256Hex(token);
    if (hashes.size >= HASH_CACHE_SIZE) hashes.delete(hashes.keys().next().value!);
    hashes.set(token, hash);
  }
  return hash;
}

/** Why a stored key no longer works, or null while it does. */
function refusal(record: ApiKeyDoc, now: number): string | null {
  if (record.revoked_at) {
    return `This API key was revoked at ${record.revoked_at}. Use another key, or create one with \`intent-server keys create\`.`;
  }
  if (!record.expires_at || Date.parse(record.expires_at) > now) return null;
  if (record.rolled_to) {
    return `This API key was rolled at ${record.rolled_at} and stopped working at ${record.expires_at}. Use the key that replaced it (${record.rolled_to}…).`;
  }
  return `This API key expired at ${record.expires_at}. Create a new one with \`intent-server keys create\`.`;
}

/**
 * The caller of each key record read, while the store hands out that same (frozen) record: a
 * caching store's hot read then costs no new caller. A changed record is a new object.
 */
const callers = new WeakMap<ApiKeyDoc, Caller>();

const callerOf = (record: ApiKeyDoc, keyHash: string): Caller => {
  let caller = callers.get(record);
  if (!caller) {
    caller = Object.freeze({
      partnerId: record.partner_id,
      livemode: record.livemode,
      scope: scopeOf(record.partner_id, record.livemode),
      keyHash,
      readOnly: record.read_only ?? false,
    });
    if (Object.isFrozen(record)) callers.set(record, caller);
  }
  return caller;
};

/**
 * Resolves a bearer token to its caller, or throws invalid_api_key. The key record is read on
 * every request, so a revocation or a roll (even by the CLI in another process) applies at once.
 * A token hashed before whose key record the store holds in memory (`peek`: as fresh as `get`)
 * is answered without a promise.
 */
export function authenticate(ctx: EngineContext, token: string): Caller | Promise<Caller> {
  const keyHash = hashes.get(token);
  const record =
    keyHash === undefined ? undefined : ctx.store.peek?.<ApiKeyDoc>('api_keys', keyHash);
  return record ? callerIfValid(ctx, record, keyHash!) : authenticateFromStore(ctx, token);
}

async function authenticateFromStore(ctx: EngineContext, token: string): Promise<Caller> {
  if (!KEY_PATTERN.test(token)) throw invalidKey();
  const keyHash = hashes.get(token) ?? (await hashOf(token));
  const record = await ctx.store.get<ApiKeyDoc>('api_keys', keyHash);
  if (!record) throw invalidKey();
  return callerIfValid(ctx, record, keyHash);
}

function callerIfValid(ctx: EngineContext, record: ApiKeyDoc, keyHash: string): Caller {
  const now = ctx.clock.now();
  const refused = refusal(record, now);
  if (refused) throw invalidKey(refused);
  ctx.keyUsage?.seen(keyHash, record.last_used_at ?? null, now);
  return callerOf(record, keyHash);
}
