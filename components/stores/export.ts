import { toMajorText } from '../ui/money';
import { v1 } from './api';
import { EXTENSION_USER, isTerminal, type CreateIntentBody, type Intent } from './types';

/** The file the options page writes and reads back: every watch with its history and events. */
export interface WatchExport {
  format: 'intent-commerce.watches';
  version: 1;
  exported_at: string;
  watches: { intent: Intent; price_history: unknown[]; events: unknown[] }[];
}

/** The metadata key naming the intent an imported watch came from (imports never duplicate). */
export const IMPORTED_FROM_KEY = 'imported_from';
const PAGE = 100;

/** Every intent of the extension's user, newest first, page after page. */
export async function allIntents(): Promise<Intent[]> {
  const all: Intent[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await v1().listIntents({
      external_user_id: EXTENSION_USER,
      limit: PAGE,
      ...(after ? { starting_after: after } : {}),
    });
    all.push(...(page.data as Intent[]));
    if (!page.has_more || !page.next_cursor) return all;
    after = page.next_cursor;
  }
}

export async function exportWatches(): Promise<WatchExport> {
  const intents = await allIntents();
  const watches = [];
  for (const intent of intents) {
    const [history, events] = await Promise.all([
      v1().priceHistory(intent.intent_id, { limit: 200 }),
      v1().listEvents(intent.intent_id, { limit: 200 }),
    ]);
    watches.push({ intent, price_history: history.data, events: events.events });
  }
  return {
    format: 'intent-commerce.watches',
    version: 1,
    exported_at: new Date().toISOString(),
    watches,
  };
}

const CSV_COLUMNS = [
  'intent_id',
  'status',
  'title',
  'product_url',
  'currency',
  'max_price',
  'last_price',
  'availability',
  'last_checked',
  'expires_at',
  'created_at',
] as const;

const major = (cents: number | null | undefined, currency: string) =>
  cents === null || cents === undefined ? '' : toMajorText(cents, currency || 'USD');

/** A CSV cell: quoted when it holds a comma, quote or line break; formulas neutralised. */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line per watch (amounts in major units with the currency's own decimals). */
export function watchesCsv(intents: readonly Intent[]): string {
  const lines = intents.map((intent) => {
    const seen = intent.last_observation;
    const currency = intent.conditions?.currency ?? seen?.currency ?? '';
    const row: Record<(typeof CSV_COLUMNS)[number], string> = {
      intent_id: intent.intent_id,
      status: intent.status,
      title: intent.objective?.product?.product_title ?? '',
      product_url: intent.objective?.product?.product_url ?? '',
      currency,
      max_price: major(intent.conditions?.max_price_cents, currency),
      last_price: major(seen?.price_cents, currency),
      availability: seen?.availability ?? '',
      last_checked: seen?.observed_at ?? '',
      expires_at: intent.guardrails?.expires_at ?? '',
      created_at: intent.created_at,
    };
    return CSV_COLUMNS.map((column) => cell(row[column])).join(',');
  });
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The create body that watches the same thing again (a new browser, the same watches). */
function recreateBody(intent: Intent): CreateIntentBody {
  return {
    type: intent.type,
    external_user_id: EXTENSION_USER,
    objective: intent.objective,
    conditions: intent.conditions,
    guardrails: intent.guardrails,
    ...(intent.payment ? { payment: intent.payment } : {}),
    metadata: { ...intent.metadata, [IMPORTED_FROM_KEY]: intent.intent_id },
  } as CreateIntentBody;
}

export interface ImportResult {
  created: number;
  skipped: number;
  failed: { intent_id: string; message: string }[];
}

/**
 * Watches again every still-open, unexpired watch of an export; ones already imported (or
 * still present) are skipped.
 */
export async function importWatches(file: unknown): Promise<ImportResult> {
  const data = file as Partial<WatchExport>;
  if (data?.format !== 'intent-commerce.watches' || !Array.isArray(data.watches))
    throw new Error('This is not an Intent Commerce export (format intent-commerce.watches).');
  const present = await allIntents();
  const known = new Set(
    present.flatMap((intent) => [intent.intent_id, String(intent.metadata?.[IMPORTED_FROM_KEY])]),
  );
  const result: ImportResult = { created: 0, skipped: 0, failed: [] };
  const now = Date.now();
  for (const { intent } of data.watches) {
    const expires = intent?.guardrails?.expires_at;
    if (
      !intent?.intent_id ||
      isTerminal(intent.status) ||
      known.has(intent.intent_id) ||
      (expires && Date.parse(expires) <= now)
    ) {
      result.skipped++;
      continue;
    }
    try {
      await v1().createIntent(recreateBody(intent), { idempotencyKey: crypto.randomUUID() });
      result.created++;
    } catch (error) {
      result.failed.push({
        intent_id: intent.intent_id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}
