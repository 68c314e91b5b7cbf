import { type EngineContext } from '../context';
import { randomToken } from '../ids';
import type { StoreTx } from '../ports';
import { sha256Hex } from '../util/sha256';
import { isoTime } from '../util/time';

interface PartnerDoc {
  [field: string]: unknown;
  partner_id: string;
  name: string;
  created_at: string;
}

export interface ApiKeyDoc {
  [field: string]: unknown;
  key_hash: string;
  /** The first characters of the key, safe to show and to name a key in `keys revoke`. */
  prefix: string;
  partner_id: string;
  livemode: boolean;
  created_at: string;
  revoked_at: string | null;
  /** When the key stops working (fields below are absent on keys made before they existed). */
  expires_at?: string | null;
  /** Reads only: every write answers 403 permission_denied. */
  read_only?: boolean;
  /** Set by `keys roll`: when, and the prefix of the key that replaced it. */
  rolled_at?: string | null;
  rolled_to?: string | null;
  /** To the minute (auth/key-usage.ts). */
  last_used_at?: string | null;
}

export interface KeyOptions {
  /** The key stops working this long after it is made. */
  expiresInMs?: number;
  readOnly?: boolean;
}

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

/** A new key and the record of its hash; the plaintext is returned once and never stored. */
async function newKey(
  ctx: EngineContext,
  partnerId: string,
  livemode: boolean,
  options: KeyOptions,
): Promise<{ key: string; record: ApiKeyDoc }> {
  const key = `sk_${livemode ? 'live' : 'test'}_${randomToken(32)}`;
  const now = ctx.clock.now();
  const record: ApiKeyDoc = {
    key_hash: await sha256Hex(key),
    prefix: key.slice(0, PREFIX_LENGTH),
    partner_id: partnerId,
    livemode,
    created_at: isoTime(now),
    revoked_at: null,
    expires_at: options.expiresInMs ? isoTime(now + options.expiresInMs) : null,
    read_only: options.readOnly ?? false,
    rolled_at: null,
    rolled_to: null,
    last_used_at: null,
  };
  return { key, record };
}

/** Creates a key; the plaintext is returned once and only its hash is stored. */
export async function createApiKey(
  ctx: EngineContext,
  partnerName: string,
  livemode: boolean,
  options: KeyOptions = {},
): Promise<{ key: string; record: ApiKeyDoc; partner: PartnerDoc }> {
  const partner = await findOrCreatePartner(ctx, partnerName);
  const { key, record } = await newKey(ctx, partner.partner_id, livemode, options);
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

/** What names a key: its shown prefix (or a shorter piece of it), or the whole key. */
interface KeyName {
  prefix: string;
  /** The hash of a name longer than a prefix: it must be the whole key, not a made-up one. */
  wholeKeyHash: string | null;
}

const keyName = async (prefix: string): Promise<KeyName> => ({
  prefix,
  wholeKeyHash: prefix.length > PREFIX_LENGTH ? await sha256Hex(prefix) : null,
});

/** The one key `name` names; refuses ambiguous or unknown prefixes, and a wrong whole key. */
async function keyByPrefix(tx: StoreTx, { prefix, wholeKeyHash }: KeyName): Promise<ApiKeyDoc> {
  const all = await tx.query<ApiKeyDoc>('api_keys', { index: 'by_created', prefix: [] });
  const candidates = all.filter((key) =>
    wholeKeyHash ? key.key_hash === wholeKeyHash : key.prefix.startsWith(prefix),
  );
  if (candidates.length === 0 && wholeKeyHash) {
    throw new Error(
      `No key is '${prefix.slice(0, PREFIX_LENGTH)}…' as given: check the whole key, or give its prefix (keys list).`,
    );
  }
  if (candidates.length === 0) throw new Error(`No key starts with '${prefix}'.`);
  if (candidates.length > 1)
    throw new Error(`'${prefix}' matches ${candidates.length} keys; give more characters.`);
  return candidates[0]!;
}

export async function revokeApiKey(ctx: EngineContext, prefix: string): Promise<ApiKeyDoc> {
  const name = await keyName(prefix);
  return ctx.store.transact(async (tx) => {
    const key = await keyByPrefix(tx, name);
    const revoked = { ...key, revoked_at: key.revoked_at ?? isoTime(ctx.clock.now()) };
    await tx.put('api_keys', revoked);
    return revoked;
  });
}

/**
 * Replaces a key with a new one of the same partner, mode and access. The old key keeps working
 * for `overlapMs` (0: it stops at once), then answers 401 naming its replacement.
 */
export async function rollApiKey(
  ctx: EngineContext,
  prefix: string,
  overlapMs: number,
  options: Omit<KeyOptions, 'readOnly'> = {},
) {
  const now = ctx.clock.now();
  const name = await keyName(prefix);
  const probe = await ctx.store.transact((tx) => keyByPrefix(tx, name));
  const { key, record } = await newKey(ctx, probe.partner_id, probe.livemode, {
    ...options,
    readOnly: probe.read_only ?? false,
  });
  return ctx.store.transact(async (tx) => {
    const old = await keyByPrefix(tx, name);
    const why = old.revoked_at
      ? 'it was revoked'
      : old.rolled_to
        ? `it was already rolled to ${old.rolled_to}…`
        : old.expires_at && Date.parse(old.expires_at) <= now
          ? 'it has expired'
          : null;
    if (why) throw new Error(`Cannot roll ${old.prefix}…: ${why}. Create a new key instead.`);
    const ends = now + overlapMs;
    const expiresAt =
      old.expires_at && Date.parse(old.expires_at) < ends ? old.expires_at : isoTime(ends);
    const rolled = {
      ...old,
      expires_at: expiresAt,
      rolled_at: isoTime(now),
      rolled_to: record.prefix,
    };
    await tx.put('api_keys', rolled);
    await tx.put('api_keys', record);
    return { key, record, old: rolled };
  });
}
