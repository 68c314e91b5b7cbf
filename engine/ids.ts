import type { Clock, IdSource } from './ports';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: sorts like the numbers it encodes
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

// Random bytes are drawn in blocks: one getRandomValues call per 256 ids instead of one per id.
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

function randomChars(count: number): number[] {
  if (poolOffset + count > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = pool[poolOffset + i]! & 31;
  poolOffset += count;
  return out;
}

/** Adds one to a base32 digit array, in place; the random part is 80 bits, so it never overflows in practice. */
function increment(digits: number[]): void {
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i]! < 31) {
      digits[i]!++;
      return;
    }
    digits[i] = 0;
  }
}

function encodeDigits(digits: readonly number[]): string {
  let out = '';
  for (const digit of digits) out += ALPHABET[digit];
  return out;
}

/**
 * ULID-style ids: 48-bit millisecond time then 80 random bits, strictly increasing within the
 * process even when the clock stands still or steps back, so ids double as sort keys.
 */
export function createIdSource(clock: Clock): IdSource {
  let lastTime = -1;
  let timeChars = '';
  let lastRandom: number[] = [];
  return {
    next(prefix) {
      const now = clock.now();
      if (now > lastTime) {
        lastTime = now;
        timeChars = encodeTime(now);
        lastRandom = randomChars(RANDOM_CHARS);
      } else {
        increment(lastRandom);
      }
      return `${prefix}_${timeChars}${encodeDigits(lastRandom)}`;
    },
  };
}

/** Random token in base62 for secrets (API keys, webhook secrets). */
export function randomToken(length: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && out.length < length) out.push(chars[byte % 62]!); // 248 = 4*62: no modulo bias
    }
  }
  return out.join('');
}
