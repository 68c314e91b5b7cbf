/** Prefixed ids that sort by creation: time, a per-process counter, then randomness. */
export function createIds(now: () => number) {
  let counter = 0;
  return (prefix: string): string => {
    counter = (counter + 1) % 36 ** 4;
    const time = Math.max(0, Math.floor(now())).toString(36).padStart(9, '0');
    return `${prefix}${time}${counter.toString(36).padStart(4, '0')}${randomChars(10)}`;
  };
}

export type IdSource = ReturnType<typeof createIds>;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomChars(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function randomBase64(bytes: number): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))));
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
