import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importReceiptKey } from '../../../engine/receipts/key-import';

const ed25519 = () => generateKeyPairSync('ed25519');
const pem = (key = ed25519().privateKey) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const jwk = (key = ed25519().privateKey) => key.export({ format: 'jwk' });

describe('importReceiptKey', () => {
  it('reads a PKCS#8 PEM and names it by its RFC 7638 thumbprint', async () => {
    const { privateKey, publicKey } = ed25519();
    const key = await importReceiptKey(pem(privateKey));
    expect(key.x).toBe(publicKey.export({ format: 'jwk' }).x);
    expect(key.kid).toMatch(/^key_[A-Za-z0-9_-]{43}$/);
    expect((await importReceiptKey(pem(privateKey))).kid).toBe(key.kid);
    // The same key as a JWK gets the same thumbprint.
    expect((await importReceiptKey(JSON.stringify(jwk(privateKey)))).kid).toBe(key.kid);
  });

  it("keeps a JWK's own kid", async () => {
    const key = await importReceiptKey(JSON.stringify({ ...jwk(), kid: 'receipts-2027' }));
    expect(key.kid).toBe('receipts-2027');
  });

  it('signs with the key it read', async () => {
    const { privateKey, publicKey } = ed25519();
    const key = await importReceiptKey(pem(privateKey));
    const data = new TextEncoder().encode('receipt');
    const signature = await crypto.subtle.sign('Ed25519', key.privateKey, data);
    const verifier = await crypto.subtle.importKey(
      'jwk',
      publicKey.export({ format: 'jwk' }),
      'Ed25519',
      false,
      ['verify'],
    );
    expect(await crypto.subtle.verify('Ed25519', verifier, signature, data)).toBe(true);
  });

  it.each([
    [
      'an RSA key',
      () =>
        generateKeyPairSync('rsa', { modulusLength: 1024 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      /does not hold an Ed25519 PKCS#8 key/,
    ],
    [
      'an encrypted PEM',
      () =>
        ed25519()
          .privateKey.export({
            type: 'pkcs8',
            format: 'pem',
            cipher: 'aes-256-cbc',
            passphrase: 'x',
          })
          .toString(),
      /encrypted/,
    ],
    [
      'a public key JWK',
      () => JSON.stringify(ed25519().publicKey.export({ format: 'jwk' })),
      /not an Ed25519 private key/,
    ],
    [
      'an EC JWK',
      () =>
        JSON.stringify(
          generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
        ),
      /not an Ed25519 private key/,
    ],
    ['broken JSON', () => '{"kty": "OKP",', /not valid JSON/],
    ['plain text', () => 'hello', /neither a PKCS#8 PEM nor a JWK/],
    [
      'a JWK whose d does not match its x',
      () => JSON.stringify({ ...jwk(), x: jwk().x }),
      /unusable/,
    ],
  ])('refuses %s, saying what it expects', async (_name, text, why) => {
    const refused = importReceiptKey(text());
    await expect(refused).rejects.toThrow(why);
    await expect(refused).rejects.toThrow(/expected an Ed25519 private key as PKCS#8 PEM/);
  });
});
