import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReceipt } from '../../engine/index';
import { runCli } from '../support/server-process';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

let saved = 0;
/** Saves JSON where the CLI can read it. */
const save = (value: unknown) => {
  const file = join(stack.dataDir, `saved-${saved++}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

/** Buys a product at once and returns its receipt. */
async function buy() {
  const item = await stack.product({ price_cents: 11_000 });
  const created = await stack.api('POST', '/intents', {
    type: 'purchase',
    external_user_id: 'buyer_1',
    objective: { product: { product_url: item.url } },
    conditions: { availability: 'in_stock', max_price_cents: 12_000, currency: 'USD' },
    payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 15_000 },
  });
  expect(created.status).toBe(201);
  await stack.waitForStatus(created.body.intent_id, ['succeeded']);
  return (await stack.api('GET', `/intents/${created.body.intent_id}/receipt`)).body;
}

const servedJwks = async () =>
  (await (await fetch(`${stack.server.baseUrl}/v1/receipt_keys`)).json()) as {
    keys: (JsonWebKey & { kid: string })[];
  };

/** `intent-server receipts verify FILE --jwks JWKS_FILE` (or `--data DIR`) says valid. */
async function expectVerifies(receipt: { receipt_id: string }, ...source: string[]) {
  const res = await runCli(['receipts', 'verify', save(receipt), ...source]);
  expect([res.code, res.stdout, res.stderr]).toEqual([
    0,
    expect.stringContaining(`valid: receipt ${receipt.receipt_id}`),
    '',
  ]);
}

describe('the receipt signing key over its life', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- receipts as served
  const receipts: any[] = [];

  it('rotate-key while the server runs: new receipts use the new key, old ones still verify', async () => {
    receipts.push(await buy());
    const rotated = await runCli(['receipts', 'rotate-key', '--data', stack.dataDir]);
    expect(rotated.code).toBe(0);
    const newKid = rotated.stdout.match(/now signed with (key_\w+)/)![1];
    expect(rotated.stdout).toContain(`${receipts[0]!.signature.kid} signs no more`);

    receipts.push(await buy());
    expect(receipts[1]!.signature.kid).toBe(newKid);
    const jwks = await servedJwks();
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, receipts[0]!.signature.kid]);
    const jwksFile = save(jwks);
    await expectVerifies(receipts[0]!, '--jwks', jwksFile);
    await expectVerifies(receipts[0]!, '--data', stack.dataDir);
    await expectVerifies(receipts[1]!, '--jwks', jwksFile);

    const forged = { ...receipts[0]!, merchant: 'elsewhere.example' };
    const refused = await runCli(['receipts', 'verify', save(forged), '--jwks', jwksFile]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('INVALID');
  }, 90_000);

  it.each([
    [
      'PKCS#8 PEM',
      (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
        key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ],
    [
      'JWK',
      (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
        JSON.stringify(key.export({ format: 'jwk' })),
    ],
  ])(
    '--receipt-key FILE (%s): signs with the file key, keeps it out of the database, publishes it beside the old keys',
    async (_format, write) => {
      const { privateKey } = generateKeyPairSync('ed25519');
      const file = join(stack.dataDir, `receipt-key-${saved++}`);
      writeFileSync(file, write(privateKey), { mode: 0o600 });
      await stack.restart('SIGTERM', ['--receipt-key', file]);

      const receipt = await buy();
      const { kid } = receipt.signature;
      expect(receipts.map((r) => r.signature.kid)).not.toContain(kid);
      receipts.push(receipt);
      const jwks = await servedJwks();
      expect(jwks.keys[0]!.kid).toBe(kid);
      for (const each of receipts) expect(await verifyReceipt(each, jwks)).toBe(true);
      await expectVerifies(receipt, '--jwks', save(jwks));

      const { d } = privateKey.export({ format: 'jwk' });
      for (const name of readdirSync(stack.dataDir).filter((f) => f.startsWith('intents.db'))) {
        expect(readFileSync(join(stack.dataDir, name), 'latin1')).not.toContain(d);
      }
    },
    90_000,
  );

  it('refuses to start with a key file that cannot sign, naming the flag (exit 1)', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const file = join(stack.dataDir, 'rsa.pem');
    writeFileSync(file, rsa.export({ type: 'pkcs8', format: 'pem' }).toString());
    const res = await runCli([
      'serve',
      '--port',
      '0',
      '--no-sandbox',
      '--data',
      // Its own directory: the stack's server holds its own (one server per SQLite directory).
      join(stack.dataDir, 'second'),
      '--receipt-key',
      file,
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `--receipt-key ${file}: The receipt key is a PEM that does not hold an Ed25519 PKCS#8 key`,
    );
    expect(res.stdout).not.toContain('Ready.');
  }, 90_000);
});
