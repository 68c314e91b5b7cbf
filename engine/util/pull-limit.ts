/**
 * Runs `task` over items pulled in batches from `pull`, at most `limit` in flight, until `pull`
 * gives an empty batch; resolves once every task settled. The next batch is pulled while the
 * current one still runs (once no more than `limit` items wait), so the tasks never drain to
 * wait for it. Pulls never overlap. A failed pull ends the pulling: the items already pulled
 * still run, then the failure is thrown.
 */
export async function pullLimit<T>(
  pull: () => Promise<readonly T[]>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const waiting: T[] = [];
  let pulling: Promise<void> | null = null;
  let done = false;
  const failures: unknown[] = [];
  const pullNext = () =>
    (pulling ??= pull()
      .then(
        (items) => {
          if (items.length === 0) done = true;
          else waiting.push(...items);
        },
        (error: unknown) => {
          failures.push(error);
          done = true;
        },
      )
      .finally(() => (pulling = null)));
  const worker = async () => {
    for (;;) {
      if (!done && waiting.length <= limit) void pullNext();
      const item = waiting.shift();
      if (item !== undefined) await task(item);
      else if (done) return;
      else await pullNext();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (failures.length > 0) throw failures[0];
}
