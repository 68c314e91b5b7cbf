import { verifyReceipt } from '../../engine/index';
import { createNodeEngine } from '../node-engine';
import type { StoreChoice } from '../store/choice';
import { readJsonFile } from '../read-input';
import { parseFlags, UsageError } from './args';
import { existingStoreFrom, STORE_FLAGS, STORE_USAGE } from './store-flags';

const USAGE = `intent-server receipts verify FILE [--jwks JWKS_FILE | ${STORE_USAGE}]
intent-server receipts rotate-key ${STORE_USAGE}`;

/**
 * intent-server receipts verify FILE: checks a saved receipt's Ed25519 signature offline, with a
 * saved JWKS (GET /v1/receipt_keys) or the keys in the data directory. Exit 0 if valid.
 * intent-server receipts rotate-key: new receipts are signed with a new key; the old one stays
 * published.
 */
export async function receiptsCommand(args: string[]) {
  const { values, positionals } = parseFlags(
    args,
    {
      jwks: { type: 'string' },
      ...STORE_FLAGS,
    },
    2,
  );
  const [action, file] = positionals;
  if (action === 'rotate-key' && !file && !values.jwks) return rotateKey(existingStoreFrom(values));
  if (action !== 'verify' || !file) throw new UsageError(USAGE);
  const receipt = readJsonFile(file, 'the receipt');
  if (!isObject(receipt) || !isObject(receipt.signature)) {
    throw new Error(`${file} is not a receipt: a receipt is a JSON object with a signature.`);
  }
  const jwks = values.jwks ? readJwks(values.jwks) : await localKeys(existingStoreFrom(values));
  if (await verifyReceipt(receipt, jwks)) {
    console.log(
      `valid: receipt ${String(receipt.receipt_id)} for intent ${String(receipt.intent_id)} is signed by ${(receipt.signature as { kid: string }).kid}`,
    );
    console.log(howBought(receipt));
    return;
  }
  console.log('INVALID: the signature does not match this receipt and key.');
  process.exitCode = 1;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJwks(path: string): { keys: JsonWebKey[] } {
  const jwks = readJsonFile(path, 'the keys (--jwks)');
  if (!isObject(jwks) || !Array.isArray(jwks.keys)) {
    throw new Error(`${path} is not a JWKS: GET /v1/receipt_keys answers one ({"keys": […]}).`);
  }
  return jwks as { keys: JsonWebKey[] };
}

/** What the signature vouches for: the merchant's checked totals, or the user's own report. */
function howBought(receipt: Record<string, unknown>): string {
  if (receipt.method === 'assisted') {
    return 'assisted: the user bought at the merchant and confirmed; the figures are as reported by the user, not verified, and no payment method was charged by the service.';
  }
  const payment = receipt.payment as { brand: string; last4: string } | null;
  const paid = payment ? `; paid with ${payment.brand} ending ${payment.last4}` : '';
  return `acp: ordered through the merchant's checkout API; the totals are the merchant's, checked before payment${paid}.`;
}

async function localKeys(store: StoreChoice) {
  const engine = await createNodeEngine({ store });
  try {
    return { keys: await (await engine.ctx.signer()).publicJwks() };
  } finally {
    await engine.close();
  }
}

async function rotateKey(store: StoreChoice) {
  const engine = await createNodeEngine({ store });
  try {
    const { kid, retired } = await engine.receipts.rotateKey();
    console.log(`Receipts are now signed with ${kid}, also by a server that is running.`);
    if (retired)
      console.log(`${retired} signs no more; it stays at GET /v1/receipt_keys for old receipts.`);
    console.log('A server started with --receipt-key FILE signs with that file: replace the file.');
  } finally {
    await engine.close();
  }
}
