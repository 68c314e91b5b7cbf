import type { Clock, Signer, Store } from '../ports';
import { importReceiptKey } from './key-import';
import { currentSigningKey, ED25519, publicJwk, publishedKeys, publishFileKey } from './keyring';

interface SignerDeps {
  store: Store;
  clock: Clock;
  newKid: () => string;
}

const signWith = async (key: CryptoKey, data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.sign(ED25519, key, data as Uint8Array<ArrayBuffer>));

/**
 * Signs with the store's current key (made on first use), read again at every signature so that
 * a rotation made by another process (`intent-server receipts rotate-key`) applies at once.
 */
export function storeSigner({ store, clock, newKid }: SignerDeps): Signer {
  let imported: { kid: string; key: Promise<CryptoKey> } | null = null;
  const current = () => currentSigningKey(store, newKid, clock.now());
  return {
    async sign(data) {
      const doc = await current();
      if (imported?.kid !== doc.kid) {
        const key = crypto.subtle.importKey('jwk', doc.private_jwk, ED25519, false, ['sign']);
        imported = { kid: doc.kid, key };
      }
      return { kid: doc.kid, value: await signWith(await imported.key, data) };
    },
    async publicJwks() {
      await current();
      return publishedKeys(store);
    },
  };
}

/**
 * Signs with an operator's key given as PEM or JWK text (`--receipt-key FILE`); the private part
 * never reaches the store, the public part is published beside the store's keys.
 */
export async function fileSigner(deps: SignerDeps, keyText: string): Promise<Signer> {
  const key = await importReceiptKey(keyText);
  await publishFileKey(deps.store, key.kid, key.x, deps.clock.now());
  return {
    sign: async (data) => ({ kid: key.kid, value: await signWith(key.privateKey, data) }),
    async publicJwks() {
      const others = (await publishedKeys(deps.store)).filter((jwk) => jwk.kid !== key.kid);
      return [publicJwk(key.kid, key.x), ...others];
    },
  };
}
