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
  /** The minute (ms) each key was last noted in; a write is queued once per key and minute. */
  const noted = new Map<string, number>();
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
      const minute = Math.floor(now / MINUTE) * MINUTE;
      // The hot path: one map lookup per request, no formatting.
      if ((noted.get(keyHash) ?? -1) >= minute) return;
      noted.set(keyHash, minute);
      if (lastUsedAt && Date.parse(lastUsedAt) >= minute) return;
      pending.set(keyHash, isoTime(minute));
      flushing ??= Promise.resolve().then(flush);
    },
    settled: () => flushing ?? Promise.resolve(),
  };
}
