import { type EngineContext } from '../context';
import { scopeOf, type Caller } from '../caller';
import { EngineError } from '../errors';
import { randomToken } from '../ids';
import { sha256Hex } from '../util/sha256';
import { isoTime } from '../util/time';

interface PartnerDoc {
  [field: string]: unknown;
  partner_id: string;
  name: string;
  created_at: string;
}

interface ApiKeyDoc {
  [field: string]: unknown;
  key_hash: string;
  /** The first characters of the key, safe to show and to name a key in `keys revoke`. */
  prefix: string;
  partner_id: string;
  livemode: boolean;
  created_at: string;
  revoked_at: string | null;
}

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{32}$/;
const PREFIX_LENGTH = 'sk_test_'.length + 8;

async function findOrCreatePartner(ctx: EngineContext, name: string): Promise<PartnerDoc> {
  return ctx.store.transact(async (tx) => {
    const [existing] = await tx.query<PartnerDoc>('partners', {
      index: 'by_name',
      prefix: [name],
      limit: 1,
    });
    if (existing) return existing;
    const partner: PartnerDoc = {
      partner_id: ctx.ids.next('ptn'),
      name,
      created_at: isoTime(ctx.clock.now()),
    };
    await tx.put('partners', partner);
    return partner;
  });
}

/** Creates a key; the plaintext is returned once and only its hash is stored. */
export async function createApiKey(
  ctx: EngineContext,
  partnerName: string,
  livemode: boolean,
): Promise<{ key: string; record: ApiKeyDoc; partner: PartnerDoc }> {
  const partner = await findOrCreatePartner(ctx, partnerName);
  const key = `sk_${livemode ? 'live' : 'test'}_${randomToken(32)}`;
  const record: ApiKeyDoc = {
    key_hash: await sha256Hex(key),
    prefix: key.slice(0, PREFIX_LENGTH),
    partner_id: partner.partner_id,
    livemode,
    created_at: isoTime(ctx.clock.now()),
    revoked_at: null,
  };
  await ctx.store.transact((tx) => tx.put('api_keys', record));
  return { key, record, partner };
}

export async function listApiKeys(ctx: EngineContext) {
  const keys = await ctx.store.query<ApiKeyDoc>('api_keys', {
    index: 'by_created',
    prefix: [],
    order: 'asc',
  });
  const partners = new Map<string, string>();
  for (const key of keys) {
    if (!partners.has(key.partner_id)) {
      const partner = await ctx.store.get<PartnerDoc>('partners', key.partner_id);
      partners.set(key.partner_id, partner?.name ?? key.partner_id);
    }
  }
  return keys.map((key) => ({ ...key, partner_name: partners.get(key.partner_id)! }));
}

/** Revokes the one key whose prefix starts with `prefix`; refuses ambiguous or unknown prefixes. */
export async function revokeApiKey(ctx: EngineContext, prefix: string): Promise<ApiKeyDoc> {
  return ctx.store.transact(async (tx) => {
    const all = await tx.query<ApiKeyDoc>('api_keys', { index: 'by_created', prefix: [] });
    // Accept the shown prefix, a shorter piece of it, or the whole key.
    const candidates = all.filter(
      (key) => key.prefix.startsWith(prefix) || prefix.startsWith(key.prefix),
    );
    if (candidates.length === 0) throw new Error(`No key starts with '${prefix}'.`);
    if (candidates.length > 1)
      throw new Error(`'${prefix}' matches ${candidates.length} keys; give more characters.`);
    const revoked = {
      ...candidates[0]!,
      revoked_at: candidates[0]!.revoked_at ?? isoTime(ctx.clock.now()),
    };
    await tx.put('api_keys', revoked);
    return revoked;
  });
}

const invalidKey = () =>
  new EngineError(
    'invalid_api_key',
    'Invalid API key provided. Check the key, or create one with `intent-server keys create`.',
  );

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

/**
 * Resolves a bearer token to its caller, or throws invalid_api_key. The key record is read on
 * every request, so a revocation (even by the CLI in another process) applies at once.
 */
export async function authenticate(ctx: EngineContext, token: string): Promise<Caller> {
  if (!KEY_PATTERN.test(token)) throw invalidKey();
  const keyHash = await hashOf(token);
  const record = await ctx.store.get<ApiKeyDoc>('api_keys', keyHash);
  if (!record || record.revoked_at) throw invalidKey();
  return {
    partnerId: record.partner_id,
    livemode: record.livemode,
    scope: scopeOf(record.partner_id, record.livemode),
    keyHash,
  };
}
