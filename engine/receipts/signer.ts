import type { Signer, Store } from '../ports';
import { canonicalJson } from '../util/canonical-json';

interface KeyDoc {
  [field: string]: unknown;
  name: 'receipt_signing_key';
  kid: string;
  private_jwk: JsonWebKey;
  public_jwk: JsonWebKey;
}

const ED25519 = { name: 'Ed25519' } as const;

/**
 * An Ed25519 signer on WebCrypto (Node and the extension alike). The key pair is created once and
 * kept in the store's settings, so receipts stay verifiable across restarts.
 */
export async function loadOrCreateSigner(store: Store, newKid: () => string): Promise<Signer> {
  let doc = await store.get<KeyDoc>('settings', 'receipt_signing_key');
  if (!doc) {
    // Made outside the transaction (which may only await store calls); a racing twin's key wins.
    const pair = (await crypto.subtle.generateKey(ED25519, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const created: KeyDoc = {
      name: 'receipt_signing_key',
      kid: newKid(),
      private_jwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
      public_jwk: await crypto.subtle.exportKey('jwk', pair.publicKey),
    };
    doc = await store.transact(async (tx) => {
      const existing = await tx.get<KeyDoc>('settings', 'receipt_signing_key');
      if (existing) return existing;
      await tx.put('settings', created);
      return created;
    });
  }
  const privateKey = await crypto.subtle.importKey('jwk', doc.private_jwk, ED25519, false, [
    'sign',
  ]);
  return {
    keyId: doc.kid,
    async sign(data) {
      return new Uint8Array(
        await crypto.subtle.sign(ED25519, privateKey, data as Uint8Array<ArrayBuffer>),
      );
    },
    async publicJwk() {
      const { kty, crv, x } = doc.public_jwk;
      return { kty, crv, x, kid: doc.kid, use: 'sig', alg: 'EdDSA' } as JsonWebKey & {
        kid: string;
      };
    },
  };
}

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The bytes a receipt signature covers: the canonical JSON of the receipt without its signature. */
export const signedBytes = (receipt: Record<string, unknown>) => {
  const { signature: _signature, request_id: _requestId, ...body } = receipt;
  return new TextEncoder().encode(canonicalJson(body));
};

/** Verifies a receipt against a JWKS; true only for a valid signature by a listed key. */
export async function verifyReceipt(
  receipt: Record<string, unknown>,
  jwks: { keys: JsonWebKey[] },
): Promise<boolean> {
  const signature = receipt.signature as { alg?: string; kid?: string; value?: string } | undefined;
  if (!signature?.value || signature.alg !== 'EdDSA') return false;
  const jwk = jwks.keys.find((key) => (key as { kid?: string }).kid === signature.kid);
  if (!jwk) return false;
  try {
    const key = await crypto.subtle.importKey(
      'jwk',
      { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
      ED25519,
      false,
      ['verify'],
    );
    return await crypto.subtle.verify(
      ED25519,
      key,
      fromBase64url(signature.value),
      signedBytes(receipt),
    );
  } catch {
    return false;
  }
}
