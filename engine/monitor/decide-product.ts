import type { Observation } from '../schemas/intent';
import type { IntentDoc } from '../schemas/intent-doc';
import type { ChosenOffer } from '../schemas/offer-link';
import { chooseOffer, judgeOffer, shownObservation, type Judged, type OfferState } from './choose';
import {
  decidedByTime,
  observationData,
  startExecution,
  waitingFor,
  type Decision,
} from './decide';

export interface ProductDecision {
  /** The move of the state machine, or null (nothing new to say). */
  decision: Decision | null;
  /** The intent's last_observation now (choose.ts shownObservation); null: keep what it has. */
  shown: Observation | null;
  /** A decision to buy: which offer (its page's watch) and what the others cost then. */
  start: { watchId: string; chosen: ChosenOffer } | null;
  /** The intent's undecided_since_ms now (null: no page fails, or an attempt starts). */
  undecidedSince: number | null;
}

/**
 * What a check of any of its pages means for a product_id intent (status active or waiting): it
 * reads the latest state of every offer, judges each against the conditions and chooses
 * (choose.ts), then starts an attempt at the chosen offer or waits with the closest one's reason.
 *
 * The choice waits for an offer whose page failed at its latest check, but `patienceMs` at most
 * (the monitor gives failureThreshold check intervals) since it first did: pages that fail by
 * turns, each never three times in a row, would otherwise hold it back forever. Past that, such an
 * offer is ruled out (OBSERVATION_FAILED) and the choice is made among the offers read.
 */
export function decideProduct(
  intent: IntentDoc,
  offers: OfferState[],
  now: number,
  failureThreshold: number,
  patienceMs = Infinity,
): ProductDecision {
  const timed = decidedByTime(intent, now);
  if (timed) return { decision: timed.decision, shown: null, start: null, undecidedSince: null };
  // Kept while some page fails without being past the threshold, whichever page it is.
  const failing = offers.some((o) => o.failures > 0 && o.failures < failureThreshold);
  const since = failing ? (intent.undecided_since_ms ?? now) : null;
  const impatient = since !== null && now - since >= patienceMs;
  const judged = offers.map((offer) => judgeOffer(intent, offer, now, failureThreshold, impatient));
  const choice = chooseOffer(judged, intent.conditions.strategy ?? 'lowest_price');
  if (choice.kind === 'undecided') {
    const shown = shownObservation(choice.focus, judged);
    return { decision: null, shown, start: null, undecidedSince: since };
  }
  if (choice.kind === 'wait') {
    const shown = shownObservation(choice.best, judged);
    const patch = shown ? { last_observation: shown } : {};
    const decision = waitingFor(intent, choice.best.reason, waitData(choice.best), patch);
    return { decision, shown, start: null, undecidedSince: since };
  }
  const { chosen, others } = choice;
  const shown = shownObservation(chosen, judged)!;
  const { link, observation } = chosen.offer;
  return {
    undecidedSince: null,
    decision: startExecution(intent, observation, shown),
    shown,
    start: {
      watchId: link.watch_id,
      chosen: {
        link_id: link.link_id,
        sku: link.sku,
        price_cents: observation.price_cents,
        alternatives: others
          .filter((other) => other.cost !== null)
          .map((other) => ({
            merchant: other.offer.observation.merchant ?? other.offer.link.merchant,
            watch_id: other.offer.link.watch_id,
            cost_cents: other.cost!,
          })),
      },
    },
  };
}

/** The waiting event's data, as a URL intent's check would give it. */
function waitData(best: Judged): Record<string, unknown> {
  const { offer } = best;
  if (best.state === 'unmet' && best.reason === 'OBSERVATION_FAILED') {
    return { error: offer.lastError ?? 'observation_failed', consecutive_failures: offer.failures };
  }
  return offer.observation ? observationData(offer.observation) : {};
}
