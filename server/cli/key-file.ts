import { statSync } from 'node:fs';
import { readInputFile } from '../read-input';

/**
 * The text of the receipt key file (`--receipt-key FILE`). A file others may read works, with a
 * warning: mounted secrets are often 0644, and refusing them would only move the key elsewhere.
 */
export function readKeyFile(path: string): string {
  const text = readInputFile(path, 'the receipt key (--receipt-key)');
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077 && process.platform !== 'win32') {
    console.error(
      `warning: --receipt-key ${path} may be read by others (mode ${mode.toString(8)}); \`chmod 600 ${path}\` keeps the key yours.`,
    );
  }
  return text;
}
