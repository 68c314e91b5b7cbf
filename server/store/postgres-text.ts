/**
 * jsonb cannot hold U+0000 in a string, and a document is any JSON. Strings are stored with
 * U+0000 as ESCAPE '0' and ESCAPE itself (a private-use character) doubled, and read back the
 * other way, so every document comes back as written. The rewrite works on JSON text: both
 * characters only ever occur inside strings. Strings holding either sort a little differently
 * in an index than in the other adapters; nothing else changes.
 */
const ESCAPE = '\uE000';

/** JSON text of a document, as jsonb will take it. */
export function toJsonb(doc: unknown): string {
  const text = JSON.stringify(doc);
  if (!text.includes(ESCAPE) && !text.includes('\\u0000')) return text;
  // `\\` is matched as a unit, so the `u0000` after an escaped backslash is left alone.
  return text.replace(/\\\\|\\u0000|\uE000/g, (match) =>
    match === '\\\\' ? match : match === ESCAPE ? ESCAPE + ESCAPE : `${ESCAPE}0`,
  );
}

/** A document from the text of a jsonb value. */
export function fromJsonb<T>(text: string): T {
  if (!text.includes(ESCAPE)) return JSON.parse(text) as T;
  return JSON.parse(
    text.replace(/\uE000(\uE000|0)/g, (_, next: string) => (next === '0' ? '\\u0000' : ESCAPE)),
  ) as T;
}

/** An index value (or key) as the generated string column (or the id column) holds it. */
export const toStored = (value: string) =>
  value.replaceAll(ESCAPE, ESCAPE + ESCAPE).replaceAll('\u0000', `${ESCAPE}0`);
