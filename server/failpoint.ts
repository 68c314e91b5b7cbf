import { existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * Crash tests name a failpoint in the file INTENT_FAILPOINT_FILE; when the executor reaches it, the
 * file is removed (so the restarted process goes on) and the process kills itself with SIGKILL —
 * no cleanup, no flush, exactly like a power cut of the process. Unset in normal operation.
 */
export function failpointFromEnv(): ((name: string) => void) | undefined {
  const file = process.env.INTENT_FAILPOINT_FILE;
  if (!file) return undefined;
  return (name) => {
    if (!existsSync(file) || readFileSync(file, 'utf8').trim() !== name) return;
    rmSync(file, { force: true });
    process.kill(process.pid, 'SIGKILL');
  };
}
