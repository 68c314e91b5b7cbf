/**
 * The `Scheduler` port on `chrome.alarms`, for an MV3 service worker that the browser stops when
 * idle: timers die with it, alarms wake it up. `every()` creates (or keeps) a named repeating alarm;
 * the host registers ONE `alarms.onAlarm` listener synchronously at start-up and hands each alarm
 * to `dispatch()`, which runs the task registered under that name.
 *
 * Names are `<prefix>:<n>`, n counting `every()` calls, so a host that wires its tasks in the same
 * order on every wake-up finds its alarms again. An existing alarm with the same period is kept
 * (re-creating it would push its next firing back on every wake-up).
 */
import type { Scheduler } from '../ports';

/** The part of `chrome.alarms` used here (`browser.alarms` satisfies it). */
export interface AlarmsApi {
  create(name: string, info: { periodInMinutes?: number; delayInMinutes?: number }): Promise<void>;
  get(name: string): Promise<{ name: string; periodInMinutes?: number } | undefined>;
  clear(name: string): Promise<boolean>;
}

export interface AlarmSchedulerOptions {
  /** Alarm name prefix, e.g. `engine`. */
  prefix: string;
  /**
   * Shortest period the browser honours, in ms: 30 s for packed MV3 extensions in Chrome,
   * 1 s when unpacked. May be async (it is read through `management.getSelf()`).
   */
  minPeriodMs: () => number | Promise<number>;
  onError?: (error: unknown) => void;
}

export interface AlarmScheduler extends Scheduler {
  /** Runs the task behind an alarm; false when no task has that name (a stale alarm). */
  dispatch(name: string): Promise<boolean>;
  /** Whether an alarm name belongs to this scheduler. */
  owns(name: string): boolean;
  /** Settles once every alarm asked for so far exists (or failed, reported to onError). */
  settled(): Promise<void>;
}

export async function ensureAlarm(alarms: AlarmsApi, name: string, periodInMinutes: number) {
  const existing = await alarms.get(name);
  if (existing?.periodInMinutes === periodInMinutes) return;
  await alarms.create(name, { periodInMinutes, delayInMinutes: periodInMinutes });
}

export function createAlarmScheduler(
  alarms: AlarmsApi,
  options: AlarmSchedulerOptions,
): AlarmScheduler {
  const tasks = new Map<string, () => Promise<void>>();
  const pending = new Set<Promise<void>>();
  let count = 0;
  const track = (work: Promise<void>) => {
    const tracked = work.catch((error) => options.onError?.(error));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  return {
    every(intervalMs, task) {
      const name = `${options.prefix}:${count++}`;
      tasks.set(name, task);
      track(
        (async () => {
          const periodMs = Math.max(intervalMs, await options.minPeriodMs());
          // An alarm can only be created by a task still registered (stop() may already have run).
          if (tasks.get(name) === task) await ensureAlarm(alarms, name, periodMs / 60_000);
        })(),
      );
      return () => {
        if (tasks.get(name) !== task) return;
        tasks.delete(name);
        track(alarms.clear(name).then(() => undefined));
      };
    },
    async dispatch(name) {
      const task = tasks.get(name);
      if (!task) return false;
      await task();
      return true;
    },
    owns: (name) => name.startsWith(`${options.prefix}:`),
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
