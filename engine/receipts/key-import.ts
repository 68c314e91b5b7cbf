import { base64url } from './signature';
import { ED25519 } from './keyring';

export interface ImportedKey {
  kid: string;
  x: string;
  privateKey: CryptoKey;
}

const EXPECTED =
  'expected an Ed25519 private key as PKCS#8 PEM (-----BEGIN PRIVATE KEY-----, e.g. from `openssl genpkey -algorithm ed25519`) or as a JWK with kty "OKP", crv "Ed25519", d and x';

const refuse = (why: string) => new Error(`The receipt key is ${why}: ${EXPECTED}.`);

/**
 * An operator's receipt signing key, from the text of a PKCS#8 PEM or a JWK file. Its kid is the
 * JWK's own `kid`, else its RFC 7638 thumbprint, so a key keeps its kid across restarts.
 */
type Jwk = JsonWebKey & { kid?: unknown };

export async function importReceiptKey(text: string): Promise<ImportedKey> {
  const jwk: Jwk = text.trimStart().startsWith('{') ? parseJwk(text) : await pemToJwk(text);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.d || !jwk.x) {
    throw refuse(`not an Ed25519 private key (kty ${jwk.kty}, crv ${jwk.crv ?? 'none'})`);
  }
  let privateKey: CryptoKey;
  try {
    privateKey = await crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', d: jwk.d, x: jwk.x },
      ED25519,
      false,
      ['sign'],
    );
  } catch (error) {
    throw refuse(`unusable (${(error as Error).message})`);
  }
  const kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : await thumbprintKid(jwk.x);
  return { kid, x: jwk.x, privateKey };
}

function parseJwk(text: string): Jwk {
  try {
    return JSON.parse(text) as Jwk;
  } catch {
    throw refuse('not valid JSON');
  }
}

async function pemToJwk(text: string): Promise<JsonWebKey> {
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(text)) {
    throw refuse('encrypted (decrypt it with `openssl pkcs8 -in FILE -out PLAIN.pem`)');
  }
  const body = text.match(/-----BEGIN PRIVATE KEY-----([\s\S]*?)-----END PRIVATE KEY-----/)?.[1];
  if (!body) throw refuse('neither a PKCS#8 PEM nor a JWK');
  try {
    const der = Uint8Array.from(atob(body.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey('pkcs8', der, ED25519, true, ['sign']);
    return await crypto.subtle.exportKey('jwk', key);
  } catch {
    throw refuse('a PEM that does not hold an Ed25519 PKCS#8 key');
  }
}

/** `key_` + the RFC 7638 thumbprint: SHA-256 of the required members in lexical order. */
async function thumbprintKid(x: string): Promise<string> {
  const members = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(members));
  return `key_${base64url(new Uint8Array(digest))}`;
}
