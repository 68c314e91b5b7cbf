/**
 * Folds the many ways pages write numbers into one alphabet: ASCII digits, `.` `,` `'` and a
 * plain space as separators, `-` as minus. Every replacement keeps the string's length so
 * positions found in the folded text are positions in the original.
 */

/** Code points of the digit zero in scripts whose digits run 0..9 consecutively. */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66,
  0x0de6, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0, 0x1810, 0xff10,
];

const SPACES = new Set([0x00a0, 0x2007, 0x2009, 0x200a, 0x202f, 0x2002, 0x2003, 0x2004, 0x2005]);
const FORMAT_MARKS = new Set([0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x061c, 0xfeff]);
const APOSTROPHES = new Set([0x2019, 0x02bc, 0x2032, 0x00b4, 0x02b9]);
const MINUS = new Set([0x2212, 0x2012, 0xfe63, 0xff0d]);

function fold(code: number): string | null {
  for (const zero of DIGIT_ZEROS) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  if (SPACES.has(code) || FORMAT_MARKS.has(code) || (code >= 0x202a && code <= 0x202e)) return ' ';
  if (code >= 0x2066 && code <= 0x2069) return ' ';
  if (APOSTROPHES.has(code)) return "'";
  if (MINUS.has(code)) return '-';
  if (code === 0x066b || code === 0xff0e) return '.'; // Arabic decimal separator, fullwidth stop
  if (code === 0x066c || code === 0xff0c || code === 0x060c) return ','; // Arabic/fullwidth comma
  return null;
}

/** The folded text; same length (in UTF-16 units) as the input for BMP characters. */
export function foldNumerals(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out += text[i];
      continue;
    }
    out += fold(code) ?? text[i];
  }
  return out;
}

/** Collapses runs of whitespace into single spaces and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
