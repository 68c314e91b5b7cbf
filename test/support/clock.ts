import type { Clock } from '../../engine/index';

/** A clock tests move by hand. */
export function fakeClock(start = Date.parse('2026-11-22T10:00:00.000Z')) {
  let now = start;
  const clock: Clock & { advance(ms: number): void; set(ms: number): void } = {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
  return clock;
}
