import type { IntentDoc } from '../schemas/intent-doc';
import type { Observation } from '../schemas/intent';
import type { Trigger } from '../machine/transitions';
import { beforeDateRange, evaluate } from './conditions';
import type { CheckOutcome } from './observe';
import type { WaitingReason } from '../vocabulary';

interface Decision {
  trigger: Trigger;
  data: Record<string, unknown>;
  patch: Partial<IntentDoc>;
}

const observationData = (o: Observation) => ({
  price_cents: o.price_cents,
  currency: o.currency,
  availability: o.availability,
  merchant: o.merchant,
});

/**
 * What a check means for one watching intent (status active or waiting): start executing, record
 * a new waiting reason, or nothing (same reason as last time: no duplicate event).
 */
export function decide(
  intent: IntentDoc,
  outcome: CheckOutcome,
  failures: number,
  failureThreshold: number,
  now: number,
): Decision | null {
  // Past expiry (it passed while the page was fetched): the intent ends, whatever the page says.
  if (intent.expires_at_ms !== null && now >= intent.expires_at_ms)
    return { trigger: 'expire', data: { previous_status: intent.status }, patch: {} };
  // Before its dates nothing else matters: the page is not even read (the monitor's schedule).
  if (beforeDateRange(intent.conditions, now)) return waitForDateRange(intent);
  if (outcome.kind === 'failed') {
    if (failures < failureThreshold) return null;
    return waitingFor(
      intent,
      'OBSERVATION_FAILED',
      { error: outcome.error, consecutive_failures: failures },
      {},
    );
  }
  const { observation } = outcome;
  const verdict = evaluate(intent, { ...observation, ambiguous: outcome.ambiguous }, now);
  if (verdict.holds) {
    const blocked = intent.blocked_at_price_cents;
    // A checkout refused this price (over a limit once shipping and tax were added): wait for less.
    const priceBlocked =
      blocked !== null &&
      blocked !== undefined &&
      observation.price_cents !== null &&
      observation.price_cents >= blocked;
    // A checkout refused for stock: try again only after a while, whatever the page says.
    const stockBlocked = (intent.blocked_until_ms ?? 0) > now;
    if (priceBlocked || stockBlocked) {
      // Still blocked: the reason is the refusal's, said again only if another replaced it.
      return waitingFor(
        intent,
        // Blocks recorded before blocked_reason existed keep the reason they were waiting with.
        intent.blocked_reason ??
          (intent.waiting_reason as WaitingReason | null) ??
          'PRICE_ABOVE_LIMIT',
        observationData(observation),
        { last_observation: observation },
      );
    }
    const attempt = (intent.latest_execution?.attempt ?? 0) + 1;
    return {
      trigger: 'start_execution',
      data: {
        attempt,
        ...observationData(observation),
        // A procurement names the inventory report that made it eligible.
        ...(intent.trigger_fired ? { trigger: intent.trigger_fired } : {}),
      },
      patch: {
        waiting_reason: null,
        blocked_at_price_cents: null,
        blocked_reason: null,
        blocked_until_ms: null,
        last_observation: observation,
        latest_execution: {
          attempt,
          step: 'create_checkout',
          status: 'running',
          total_cents: null,
          merchant: observation.merchant,
          last_error: null,
        },
      },
    };
  }
  return waitingFor(intent, verdict.reason, observationData(observation), {
    last_observation: observation,
  });
}

/** Waits with OUTSIDE_DATE_RANGE (once: the same reason again writes nothing). */
export function waitForDateRange(intent: IntentDoc): Decision | null {
  return waitingFor(intent, 'OUTSIDE_DATE_RANGE', {}, {});
}

function waitingFor(
  intent: IntentDoc,
  reason: WaitingReason,
  data: Record<string, unknown>,
  patch: Partial<IntentDoc>,
): Decision | null {
  if (intent.status === 'waiting' && intent.waiting_reason === reason) return null;
  return {
    trigger: 'conditions_unmet',
    data: { reason, ...data },
    patch: { ...patch, waiting_reason: reason },
  };
}
