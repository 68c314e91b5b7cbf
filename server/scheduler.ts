import type { Scheduler } from '../engine/index';

/** The Scheduler port on Node timers. The extension backs the same port with chrome.alarms. */
export const nodeScheduler: Scheduler = {
  every(intervalMs, task) {
    const timer = setInterval(() => void task(), intervalMs);
    return () => clearInterval(timer);
  },
};
