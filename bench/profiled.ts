import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Runs a script in this process under the CPU profiler, switched by signals: the first SIGUSR2
 * starts it, the next writes the profile to `out` (a `.cpuprofile`, as `node --cpu-prof` writes)
 * and stops it. So a profile covers a load alone, not the start-up.
 *
 * `node --import tsx bench/profiled.ts OUT SCRIPT [ARGS…]`
 */
const [out, script, ...args] = process.argv.slice(2);
if (!out || !script) throw new Error('usage: profiled.ts OUT SCRIPT [ARGS…]');
process.argv = [process.argv[0]!, resolve(script), ...args];
const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  void (async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 500 });
      await session.post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
  })();
});
await import(resolve(script));
