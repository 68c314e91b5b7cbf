import { readFileSync, statSync } from 'node:fs';

/**
 * The text of a file the user named (`what` says which, e.g. "the receipt"), or an error that
 * names the file and what is wrong with it instead of a bare EISDIR or ENOENT.
 */
export function readInputFile(path: string, what: string): string {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new Error(`No such file for ${what}: ${path}`);
    throw new Error(`Cannot read ${what} ${path}: ${(error as Error).message}`);
  }
  if (!isFile) throw new Error(`${path} is a directory, not a file: give the file of ${what}.`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${what} ${path}: ${(error as Error).message}`);
  }
}

/** A JSON file the user named, parsed; a file that is not JSON is an error naming it. */
export function readJsonFile(path: string, what: string): unknown {
  const text = readInputFile(path, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON (${what}): ${(error as Error).message}`);
  }
}
