import { defineEndpoint } from '../endpoint';
import { z } from '../../schemas/zod';

export const ReceiptKeys = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string(),
        kid: z.string(),
        use: z.literal('sig'),
        alg: z.literal('EdDSA'),
      }),
    ),
    request_id: z.string(),
  })
  .openapi('ReceiptKeys', {
    description: 'A JWKS: the public keys that verify receipt signatures.',
  });

export const getReceiptKeys = defineEndpoint({
  method: 'get',
  path: '/receipt_keys',
  operationId: 'getReceiptKeys',
  summary: 'The public keys that verify receipt signatures (JWKS)',
  description:
    "Every key that signed receipts here, the current one first: a rotated key stays listed, so old receipts keep verifying. A receipt's `signature` is `{alg: 'EdDSA', kid, value}`: an Ed25519 signature (base64url) over the canonical JSON of the receipt without `signature` and `request_id` (keys sorted at every depth). Public: no API key needed.",
  tag: 'Receipts',
  public: true,
  success: { status: 200, schema: ReceiptKeys, description: 'The JWKS.' },
  errors: [],
  handle: async (c) => {
    const keys = await (await c.get('ctx').signer()).publicJwks();
    return c.json({ keys, request_id: c.get('requestId') });
  },
});
