import { describe, expect, it } from 'vitest';
import { pullLimit } from '../../../engine/util/pull-limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A source of `batches`, recording when each pull starts and whether two ever overlap. */
function source(batches: number[][]) {
  const log: string[] = [];
  let inFlight = 0;
  let overlapped = false;
  let next = 0;
  const pull = async () => {
    inFlight++;
    if (inFlight > 1) overlapped = true;
    log.push(`pull ${next}`);
    await tick();
    inFlight--;
    return batches[next++] ?? [];
  };
  return { pull, log, overlapped: () => overlapped };
}

describe('pullLimit', () => {
  it('runs every item of every batch once, at most `limit` at a time', async () => {
    const batches = [
      [1, 2, 3, 4, 5],
      [6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15],
    ];
    const { pull, overlapped } = source(batches);
    const done: number[] = [];
    let running = 0;
    let most = 0;
    await pullLimit(pull, 3, async (item) => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      done.push(item);
    });
    expect(done.sort((a, b) => a - b)).toEqual(batches.flat());
    expect(most).toBe(3);
    expect(overlapped()).toBe(false);
  });

  it('pulls the next batch while the current one still runs', async () => {
    const { pull, log } = source([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    await pullLimit(pull, 2, async (item) => {
      log.push(`start ${item}`);
      await tick();
      log.push(`end ${item}`);
    });
    // The second batch is asked for before the first batch's last item has finished.
    expect(log.indexOf('pull 1')).toBeLessThan(log.indexOf('end 4'));
    expect(log.filter((line) => line.startsWith('start'))).toHaveLength(8);
  });

  it('runs what was pulled before a pull failed, then throws its error', async () => {
    let pulls = 0;
    const done: number[] = [];
    const run = pullLimit(
      async () => {
        if (pulls++ === 0) return [1, 2, 3];
        throw new Error('store away');
      },
      2,
      async (item) => {
        await tick();
        done.push(item);
      },
    );
    await expect(run).rejects.toThrow('store away');
    expect(done.sort()).toEqual([1, 2, 3]);
    expect(pulls).toBe(2);
  });

  it('ends at once on an empty first batch', async () => {
    let ran = false;
    await pullLimit(
      async () => [],
      4,
      async () => {
        ran = true;
      },
    );
    expect(ran).toBe(false);
  });
});
