import type { KeyUsage } from '../context';
import type { Store } from '../ports';
import { isoTime } from '../util/time';
import type { ApiKeyDoc } from './keys';

const MINUTE = 60_000;

/**
 * Records when each API key was last used, to the minute, off the request path: a request only
 * notes its key; the first one of a minute queues a write, and the writes queued while one is
 * committing go together in the next. So a key costs at most one write a minute, however busy.
 */
export function createKeyUsage(
  store: Store,
  onError: (error: unknown) => void,
): KeyUsage & {
  /** Resolves once the queued writes are stored (before the store closes). */
  settled(): Promise<void>;
} {
  const noted = new Map<string, string>();
  const pending = new Map<string, string>();
  let flushing: Promise<void> | null = null;

  async function write(batch: [string, string][]) {
    await store.transact(async (tx) => {
      for (const [keyHash, minute] of batch) {
        const doc = await tx.get<ApiKeyDoc>('api_keys', keyHash);
        if (doc && (doc.last_used_at ?? '') < minute)
          await tx.put('api_keys', { ...doc, last_used_at: minute });
      }
    });
  }

  async function flush() {
    while (pending.size > 0) {
      const batch = [...pending];
      pending.clear();
      try {
        await write(batch);
      } catch (error) {
        for (const [keyHash] of batch) noted.delete(keyHash); // a later request tries again
        onError(error);
      }
    }
    flushing = null;
  }

  return {
    seen(keyHash, lastUsedAt, now) {
      const minute = isoTime(Math.floor(now / MINUTE) * MINUTE);
      if ((lastUsedAt ?? '') >= minute || (noted.get(keyHash) ?? '') >= minute) return;
      noted.set(keyHash, minute);
      pending.set(keyHash, minute);
      flushing ??= Promise.resolve().then(flush);
    },
    settled: () => flushing ?? Promise.resolve(),
  };
}
