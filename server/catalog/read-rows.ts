import { parse } from 'csv-parse/sync';
import { elementLines } from './json-lines';

/** A row of an import file, with the line it is on. */
export interface SourceRow {
  line: number;
  value: unknown;
}

export interface SourceRows {
  rows: SourceRow[];
  /** Rows that could not even be read (a broken CSV record, a JSON line that is not JSON). */
  unreadable: { line: number; reason: string }[];
}

export class UnreadableFile extends Error {}

/**
 * CSV with a header row: one record per row, empty cells left out (a missing value), line numbers
 * from the parser. A record that breaks CSV (an unclosed quote, the wrong number of cells) is
 * skipped with the parser's reason, not the whole file.
 */
export function csvRows(text: string): SourceRows {
  const unreadable: SourceRows['unreadable'] = [];
  const records = parse(text, {
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    info: true,
    bom: true,
    trim: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) unreadable.push({ line: Number(error.lines), reason: error.message });
    },
  }) as unknown as { record: Record<string, string>; info: { lines: number } }[];
  const rows = records.map(({ record, info }) => ({
    line: info.lines,
    value: Object.fromEntries(Object.entries(record).filter(([, cell]) => cell !== '')),
  }));
  return { rows, unreadable };
}

/**
 * JSON: an array of rows, or an object holding one (`{"products": […]}`, the ACP feed's shape), or
 * JSON Lines (one object per line). Each row is reported by the line it starts on.
 */
export function jsonRows(text: string, arrayKeys: string[]): SourceRows {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return jsonLines(text);
  }
  const lines = elementLines(text);
  for (const key of ['', ...arrayKeys]) {
    const list = key ? (document as Record<string, unknown> | null)?.[key] : document;
    if (!Array.isArray(list)) continue;
    const path = key ? `/${key}` : '';
    const rows = list.map((value, i) => ({ line: lines.get(`${path}/${i}`) ?? 0, value }));
    return { rows, unreadable: [] };
  }
  throw new UnreadableFile(
    `The file holds no list of rows: give a JSON array, an object with ${arrayKeys.map((k) => `"${k}"`).join(' or ')}, or JSON Lines.`,
  );
}

function jsonLines(text: string): SourceRows {
  const rows: SourceRow[] = [];
  const unreadable: SourceRows['unreadable'] = [];
  text.split('\n').forEach((content, i) => {
    if (content.trim() === '') return;
    try {
      rows.push({ line: i + 1, value: JSON.parse(content) });
    } catch (error) {
      unreadable.push({ line: i + 1, reason: `not JSON (${(error as Error).message})` });
    }
  });
  if (rows.length === 0 && unreadable.length > 0)
    throw new UnreadableFile('The file is neither JSON nor JSON Lines.');
  return { rows, unreadable };
}

/** The ACP product feed's elements of `products[i].variants[j]`, by path, for their lines. */
export function acpLines(text: string) {
  const lines = elementLines(text);
  return (product: number, variant: number, inArray: boolean) =>
    lines.get(`${inArray ? '' : '/products'}/${product}/variants/${variant}`) ??
    lines.get(`${inArray ? '' : '/products'}/${product}`) ??
    0;
}
