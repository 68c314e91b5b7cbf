import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * The data directory holds the database (every intent, the key hashes, the receipt signing key):
 * created owner-only (0700) when missing, and refused when others may write to it, since whoever
 * can write there can replace the database. An existing directory readable by others is
 * accepted (`--data .`); the files inside are owner-only anyway (store/sqlite-files.ts).
 */
export function openDataDir(dir: string): string {
  try {
    if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dir, 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR')
      throw new Error(`The data directory ${dir} is (or lies under) a file: choose a directory.`);
    throw error;
  }
  const stat = statSync(dir);
  if (!stat.isDirectory()) throw new Error(`The data directory ${dir} is not a directory.`);
  const othersMayWrite = stat.mode & 0o022;
  if (othersMayWrite && process.platform !== 'win32') {
    const who = othersMayWrite & 0o002 ? 'everyone' : 'its group';
    throw new Error(
      `Refusing the data directory ${dir}: ${who} may write to it (mode ${(stat.mode & 0o777).toString(8)}), and whoever can write there can replace the database. Run \`chmod 700 ${dir}\` or choose another --data directory.`,
    );
  }
  return dir;
}
