import { canonicalJson } from '../util/canonical-json';
import { ED25519 } from './keyring';

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
