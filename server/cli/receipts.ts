import { readFileSync } from 'node:fs';
import { verifyReceipt } from '../../engine/index';
import { createNodeEngine, dataDirFrom } from '../node-engine';
import { parseFlags, UsageError } from './args';

const USAGE = 'intent-server receipts verify FILE [--jwks JWKS_FILE | --data DIR]';

/**
 * intent-server receipts verify FILE: checks a saved receipt's Ed25519 signature offline, with a
 * saved JWKS (GET /v1/receipt_keys) or the signing key in the data directory. Exit 0 if valid.
 */
export async function receiptsCommand(args: string[]) {
  const { values, positionals } = parseFlags(
    args,
    {
      jwks: { type: 'string' },
      data: { type: 'string' },
    },
    2,
  );
  const [action, file] = positionals;
  if (action !== 'verify' || !file) throw new UsageError(USAGE);
  const receipt = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const jwks = values.jwks
    ? (JSON.parse(readFileSync(values.jwks, 'utf8')) as { keys: JsonWebKey[] })
    : await localKeys(values.data);
  if (await verifyReceipt(receipt, jwks)) {
    console.log(
      `valid: receipt ${String(receipt.receipt_id)} for intent ${String(receipt.intent_id)} is signed by ${(receipt.signature as { kid: string }).kid}`,
    );
    return;
  }
  console.log('INVALID: the signature does not match this receipt and key.');
  process.exitCode = 1;
}

async function localKeys(dataDir: string | undefined) {
  const engine = createNodeEngine({ dataDir: dataDirFrom(dataDir) });
  try {
    return { keys: [await (await engine.ctx.signer()).publicJwk()] };
  } finally {
    await engine.close();
  }
}
