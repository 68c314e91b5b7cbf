import type { Store, StoreReader } from '../ports';
import { isoTime } from '../util/time';

export const ED25519 = { name: 'Ed25519' } as const;

/** A public key as published in the JWKS of GET /v1/receipt_keys. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

/** The store's current signing key (private part included); made on first use. */
interface SigningKeyDoc {
  [field: string]: unknown;
  name: 'receipt_signing_key';
  kid: string;
  private_jwk: JsonWebKey;
  public_jwk: JsonWebKey;
  /** Absent on keys made before rotation existed. */
  created_at?: string;
}

/** A key that signed receipts and may no longer: only its public part is kept. */
interface PublishedKey {
  kid: string;
  x: string;
  /** `store`: a retired key of the store; `file`: a key a server was given with --receipt-key. */
  source: 'store' | 'file';
  created_at: string | null;
  /** When it stopped signing; null for the file key still in use. */
  retired_at: string | null;
}

interface KeyHistoryDoc {
  [field: string]: unknown;
  name: 'receipt_key_history';
  keys: PublishedKey[];
}

const SIGNING = 'receipt_signing_key';
const HISTORY = 'receipt_key_history';

export const publicJwk = (kid: string, x: string): PublicJwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x,
  kid,
  use: 'sig',
  alg: 'EdDSA',
});

async function newSigningKey(kid: string, now: number): Promise<SigningKeyDoc> {
  const pair = (await crypto.subtle.generateKey(ED25519, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return {
    name: SIGNING,
    kid,
    private_jwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
    public_jwk: await crypto.subtle.exportKey('jwk', pair.publicKey),
    created_at: isoTime(now),
  };
}

/** The store's current signing key, made (once, whoever races) when there is none. */
export async function currentSigningKey(
  store: Store,
  newKid: () => string,
  now: number,
): Promise<SigningKeyDoc> {
  const existing = await store.get<SigningKeyDoc>('settings', SIGNING);
  if (existing) return existing;
  // Made outside the transaction (which may only await store calls); a racing twin's key wins.
  const created = await newSigningKey(newKid(), now);
  return store.transact(async (tx) => {
    const raced = await tx.get<SigningKeyDoc>('settings', SIGNING);
    if (raced) return raced;
    await tx.put('settings', created);
    return created;
  });
}

/**
 * Replaces the store's signing key with a new one. The old key's private part is dropped and its
 * public part stays published, so every receipt it signed still verifies.
 */
export async function rotateSigningKey(store: Store, kid: string, now: number) {
  const next = await newSigningKey(kid, now);
  return store.transact(async (tx) => {
    const previous = await tx.get<SigningKeyDoc>('settings', SIGNING);
    if (previous) {
      const history = await tx.get<KeyHistoryDoc>('settings', HISTORY);
      const retired: PublishedKey = {
        kid: previous.kid,
        x: previous.public_jwk.x!,
        source: 'store',
        created_at: previous.created_at ?? null,
        retired_at: isoTime(now),
      };
      await tx.put('settings', { name: HISTORY, keys: [retired, ...(history?.keys ?? [])] });
    }
    await tx.put('settings', next);
    return { kid: next.kid, retired: previous?.kid ?? null };
  });
}

/** Publishes a key given from a file; a file key used before it is marked retired. */
export async function publishFileKey(store: Store, kid: string, x: string, now: number) {
  await store.transact(async (tx) => {
    const keys = (await tx.get<KeyHistoryDoc>('settings', HISTORY))?.keys ?? [];
    if (keys.some((key) => key.kid === kid)) return;
    const at = isoTime(now);
    const older = keys.map((key) =>
      key.source === 'file' && key.retired_at === null ? { ...key, retired_at: at } : key,
    );
    const added: PublishedKey = { kid, x, source: 'file', created_at: at, retired_at: null };
    await tx.put('settings', { name: HISTORY, keys: [added, ...older] });
  });
}

/** Every public key that ever signed a receipt here: the store's current one first. */
export async function publishedKeys(reader: StoreReader): Promise<PublicJwk[]> {
  const current = await reader.get<SigningKeyDoc>('settings', SIGNING);
  const history = (await reader.get<KeyHistoryDoc>('settings', HISTORY))?.keys ?? [];
  return [
    ...(current ? [publicJwk(current.kid, current.public_jwk.x!)] : []),
    ...history.map((key) => publicJwk(key.kid, key.x)),
  ];
}
