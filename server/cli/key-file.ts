import { readFileSync, statSync } from 'node:fs';

/**
 * The text of the receipt key file (`--receipt-key FILE`). A file others may read works, with a
 * warning: mounted secrets are often 0644, and refusing them would only move the key elsewhere.
 */
export function readKeyFile(path: string): string {
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--receipt-key ${path}: ${(error as Error).message}`);
  }
  if (mode & 0o077 && process.platform !== 'win32') {
    console.error(
      `warning: --receipt-key ${path} may be read by others (mode ${mode.toString(8)}); \`chmod 600 ${path}\` keeps the key yours.`,
    );
  }
  return text;
}
