import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Runs `work` under V8's CPU profiler when `BENCH_PROFILE` names a file, and writes the profile
 * there (a .cpuprofile: open it in Chrome DevTools, or summarise it with
 * `bench/monitor-profile-summary.ts`), `suffix` appended to its name. With `BENCH_HEAP_PROFILE`
 * instead, what `work` allocates is sampled (a .heapprofile: bytes by the function that allocated
 * them; unlike time, the same from run to run on a noisy machine). Only the work is profiled, not
 * the benchmark's setup.
 */
export async function profiled<T>(work: () => Promise<T>, suffix = ''): Promise<T> {
  const cpu = process.env.BENCH_PROFILE;
  const heap = process.env.BENCH_HEAP_PROFILE;
  if (!cpu && !heap) return work();
  const session = new Session();
  session.connect();
  if (cpu) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  } else {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  try {
    return await work();
  } finally {
    const { profile } = cpu
      ? await session.post('Profiler.stop')
      : await session.post('HeapProfiler.stopSampling');
    writeFileSync((cpu ?? heap) + suffix, JSON.stringify(profile));
    session.disconnect();
  }
}
