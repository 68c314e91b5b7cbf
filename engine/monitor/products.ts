import type { EngineContext } from '../context';
import { linksOfIntent, linksOfWatch } from '../intents/links';
import { applyTransition } from '../machine/apply';
import type { StoreReader, StoreTx } from '../ports';
import { TERMINAL_STATUSES } from '../vocabulary';
import type { IntentDoc } from '../schemas/intent-doc';
import type { ChosenOffer, OfferLinkDoc } from '../schemas/offer-link';
import type { WatchDoc } from '../schemas/watch';
import type { OfferState } from './choose';
import { decideProduct } from './decide-product';

const WATCHING = new Set(['active', 'waiting']);
const TERMINAL = new Set(TERMINAL_STATUSES);

export type OpenExecution = (
  tx: StoreTx,
  intent: IntentDoc,
  watch: WatchDoc,
  chosen?: ChosenOffer,
) => Promise<void>;

/**
 * The product_id intents linked to a page that watch it now, and the links of ended ones (dropped
 * as they are met; relink.ts drops the rest). Only pages flagged `linked` have links: a page only
 * URL intents watch costs no read here.
 */
export async function linkedTo(store: StoreReader, watch: WatchDoc) {
  if (!watch.linked) return { watching: [] as IntentDoc[], stale: [] as OfferLinkDoc[] };
  const links = await linksOfWatch(store, watch.watch_id);
  const intents = await Promise.all(
    links.map((link) => store.get<IntentDoc>('intents', link.intent_id)),
  );
  const watching = intents.filter(
    (intent): intent is IntentDoc => !!intent && WATCHING.has(intent.status),
  );
  const stale = links.filter((_, i) => !intents[i] || TERMINAL.has(intents[i]!.status));
  return { watching, stale };
}

interface Linked {
  started: { id: string; attempt: number }[];
  transitions: number;
}

/**
 * Decides, in the transaction of a check, for the product_id intents linked to the page checked
 * (`watch`, as just written): each intent is read again here, since the checks of its other pages
 * decide for it too, and with it the latest state of each of its offers.
 */
export async function decideLinked(
  tx: StoreTx,
  ctx: EngineContext,
  watch: WatchDoc,
  intentIds: string[],
  now: number,
  patience: { failureThreshold: number; patienceMs: number },
  open: OpenExecution | undefined,
): Promise<Linked> {
  const result: Linked = { started: [], transitions: 0 };
  for (const id of intentIds) {
    const intent = await tx.get<IntentDoc>('intents', id);
    if (!intent || !WATCHING.has(intent.status)) continue;
    const offers = await offerStates(tx, id, watch);
    const { failureThreshold, patienceMs } = patience;
    const { decision, shown, start, undecidedSince } = decideProduct(
      intent,
      offers,
      now,
      failureThreshold,
      patienceMs,
    );
    const since =
      undecidedSince === (intent.undecided_since_ms ?? null)
        ? {}
        : { undecided_since_ms: undecidedSince };
    if (!decision) {
      const notes = { ...(shown ? { last_observation: shown } : {}), ...since };
      if (Object.keys(notes).length > 0) await note(tx, intent, notes);
      continue;
    }
    const { trigger, data, patch } = decision;
    const applied = await applyTransition(tx, ctx, id, trigger, data, { ...patch, ...since });
    if (!applied) continue;
    result.transitions++;
    if (!start) continue;
    const page =
      start.watchId === watch.watch_id ? watch : await tx.get<WatchDoc>('watches', start.watchId);
    await open?.(tx, applied.intent, page!, start.chosen);
    result.started.push({ id, attempt: applied.intent.latest_execution!.attempt });
  }
  return result;
}

/** Each offer's link with its page's last read (`watch` is the one just checked). */
async function offerStates(tx: StoreTx, intentId: string, watch: WatchDoc): Promise<OfferState[]> {
  const states: OfferState[] = [];
  for (const link of await linksOfIntent(tx, intentId)) {
    const page =
      link.watch_id === watch.watch_id ? watch : await tx.get<WatchDoc>('watches', link.watch_id);
    states.push({
      link,
      observation: page?.last_observation ?? null,
      ambiguous: page?.last_ambiguous ?? false,
      failures: page?.failures ?? 0,
      lastError: page?.last_error ?? null,
    });
  }
  return states;
}

/**
 * A product_id intent shows the offers as of its last check: it has no single watch for the view
 * to read, so the check writes them, and since when the choice waits for failing pages (no event,
 * and updated_at stays: nothing changed its state).
 */
async function note(
  tx: StoreTx,
  intent: IntentDoc,
  notes: Pick<Partial<IntentDoc>, 'last_observation' | 'undecided_since_ms'>,
) {
  await tx.put('intents', { ...intent, ...notes, version: intent.version + 1 });
}
