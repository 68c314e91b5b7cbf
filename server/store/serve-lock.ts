import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ownerOnlyDatabase } from './sqlite-files';

/**
 * Holds the data directory for one `serve` while it runs: SQLite serves one process, and two
 * servers on one directory would both run as instance `default` (both could start the same
 * attempt). The lock is SQLite's own exclusive file lock on DIR/serve.lock, which the system
 * drops when the process ends however it ends (a SIGKILL leaves no stale lock behind).
 * The CLI's other commands (keys, migrate, catalog) still open the database beside the server.
 */
export function holdServeLock(dataDir: string): { release(): void } {
  const file = join(dataDir, 'serve.lock');
  ownerOnlyDatabase(file);
  const lock = new Database(file);
  lock.pragma('locking_mode = EXCLUSIVE');
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch {
    lock.close();
    throw new Error(
      `Another intent-server is serving ${dataDir}: stop it first. SQLite serves one process; for several, use PostgreSQL (--database-url).`,
    );
  }
  return { release: () => lock.close() };
}
