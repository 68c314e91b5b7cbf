import type { Doc, IndexValue, Query } from '../ports';

/** Values of `fields` in `doc`, or null when any is absent (then the doc is not in that index). */
export function indexValues(doc: Doc, fields: readonly string[]): IndexValue[] | null {
  const values: IndexValue[] = [];
  for (const field of fields) {
    const value = doc[field];
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    values.push(value);
  }
  return values;
}

/** Numbers sort before strings, as in IndexedDB and SQLite. */
function compareValue(a: IndexValue, b: IndexValue): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareIndexValues(a: IndexValue[] | null, b: IndexValue[] | null): number {
  if (!a || !b) return 0;
  for (let i = 0; i < a.length; i++) {
    const c = compareValue(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

/** The reference semantics of a Query, used by the memory adapter and to check the others. */
export function matchesQuery(doc: Doc, fields: readonly string[], query: Query): boolean {
  const values = indexValues(doc, fields);
  if (!values) return false;
  for (let i = 0; i < query.prefix.length; i++) {
    if (compareValue(values[i]!, query.prefix[i]!) !== 0) return false;
  }
  const range = query.range;
  if (!range) return true;
  const value = values[query.prefix.length];
  if (value === undefined) throw new Error('A range needs an index field after the prefix');
  if (range.gt !== undefined && compareValue(value, range.gt) <= 0) return false;
  if (range.gte !== undefined && compareValue(value, range.gte) < 0) return false;
  if (range.lt !== undefined && compareValue(value, range.lt) >= 0) return false;
  if (range.lte !== undefined && compareValue(value, range.lte) > 0) return false;
  return true;
}
