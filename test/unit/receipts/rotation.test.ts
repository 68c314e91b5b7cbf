import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEngine, createMemoryStore, TABLES, verifyReceipt } from '../../../engine/index';
import { base64url, signedBytes } from '../../../engine/receipts/signature';
import { fakeClock } from '../../support/clock';

/** A receipt-shaped document signed by an engine's signer, as buildSignedReceipt does. */
async function signed(engine: ReturnType<typeof createEngine>, receiptId: string) {
  const receipt = {
    object: 'receipt',
    receipt_id: receiptId,
    totals: { total_charged_cents: 100 },
  };
  const { kid, value } = await (await engine.ctx.signer()).sign(signedBytes(receipt));
  return { ...receipt, signature: { alg: 'EdDSA', kid, value: base64url(value) } };
}

const jwksOf = async (engine: ReturnType<typeof createEngine>) => {
  const res = await engine.fetch(new Request('http://api.test/v1/receipt_keys'));
  return (await res.json()) as { keys: (JsonWebKey & { kid: string })[] };
};

describe('receipt key rotation', () => {
  it('signs with the newest key at once, even when another process rotated it', async () => {
    const store = createMemoryStore(TABLES);
    const server = createEngine({ store, clock: fakeClock() });
    const cli = createEngine({ store, clock: fakeClock() }); // `receipts rotate-key` elsewhere
    const first = await signed(server, 'rcpt_1');
    const { kid, retired } = await cli.receipts.rotateKey();
    expect(retired).toBe(first.signature.kid);
    const second = await signed(server, 'rcpt_2');
    expect(second.signature.kid).toBe(kid);
    expect(second.signature.kid).not.toBe(first.signature.kid);

    const jwks = await jwksOf(server);
    expect(jwks.keys.map((key) => key.kid)).toEqual([kid, first.signature.kid]);
    expect(jwks.keys.every((key) => !('d' in key))).toBe(true);
    expect(await verifyReceipt(first, jwks)).toBe(true);
    expect(await verifyReceipt(second, jwks)).toBe(true);
  });

  it('keeps every retired key published, and drops their private parts', async () => {
    const store = createMemoryStore(TABLES);
    const engine = createEngine({ store, clock: fakeClock() });
    const receipts = [await signed(engine, 'rcpt_0')];
    for (let i = 1; i <= 3; i++) {
      await engine.receipts.rotateKey();
      receipts.push(await signed(engine, `rcpt_${i}`));
    }
    const jwks = await jwksOf(engine);
    expect(jwks.keys).toHaveLength(4);
    for (const receipt of receipts) expect(await verifyReceipt(receipt, jwks)).toBe(true);
    const settings = JSON.stringify([
      await store.get('settings', 'receipt_signing_key'),
      await store.get('settings', 'receipt_key_history'),
    ]);
    expect(settings.match(/"d":/g) ?? []).toHaveLength(1); // only the current key's private part
  });

  it('signs with a key given from outside the store, publishes it, and never stores its private part', async () => {
    const store = createMemoryStore(TABLES);
    const before = createEngine({ store, clock: fakeClock() });
    const old = await signed(before, 'rcpt_old');
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const d = privateKey.export({ format: 'jwk' }).d!;
    const withFile = createEngine({ store, clock: fakeClock(), receiptKey: pem });
    const fresh = await signed(withFile, 'rcpt_new');
    expect(fresh.signature.kid).not.toBe(old.signature.kid);

    const jwks = await jwksOf(withFile);
    expect(jwks.keys[0]!.kid).toBe(fresh.signature.kid);
    expect(jwks.keys.map((key) => key.kid)).toContain(old.signature.kid);
    expect(await verifyReceipt(old, jwks)).toBe(true);
    expect(await verifyReceipt(fresh, jwks)).toBe(true);
    // Another process without the file still publishes it.
    expect((await jwksOf(before)).keys.map((key) => key.kid)).toContain(fresh.signature.kid);
    const stored = JSON.stringify(await store.get('settings', 'receipt_key_history'));
    expect(stored).not.toContain(d);
  });
});
