import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Runs `work` under V8's CPU profiler when `BENCH_PROFILE` names a file, and writes the profile
 * there (a .cpuprofile: open it in Chrome DevTools, or summarise it with
 * `bench/monitor-profile-summary.ts`). Only the work is profiled, not the benchmark's setup.
 */
export async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
