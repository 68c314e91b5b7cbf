import { chmodSync, closeSync, openSync } from 'node:fs';

/** The database and the files SQLite keeps beside it. */
const SIDE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

/**
 * Makes a database file owner-only (0600) before SQLite opens it: a missing file is created with
 * that mode, an existing one (and its side files, from an older install) is narrowed. SQLite
 * gives the -wal and -shm files it creates later the mode of the database file.
 */
export function ownerOnlyDatabase(file: string): void {
  if (file === ':memory:' || file === '') return;
  closeSync(openSync(file, 'a', 0o600));
  for (const suffix of SIDE_SUFFIXES) {
    try {
      chmodSync(file + suffix, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
