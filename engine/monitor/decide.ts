import type { IntentDoc } from '../schemas/intent-doc';
import type { Observation } from '../schemas/intent';
import type { Trigger } from '../machine/transitions';
import { beforeDateRange, evaluate } from './conditions';
import type { CheckOutcome } from './observe';
import type { WaitingReason } from '../vocabulary';
import { stillRefused } from './blocks';

export interface Decision {
  trigger: Trigger;
  data: Record<string, unknown>;
  patch: Partial<IntentDoc>;
}

export const observationData = (o: Observation) => ({
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
  const timed = decidedByTime(intent, now);
  if (timed) return timed.decision;
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
  const verdict = evaluate(intent, observation, now, outcome.ambiguous);
  if (verdict.holds) {
    if (stillRefused(intent, observation.price_cents, now)) {
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
    return startExecution(intent, observation, observation);
  }
  return waitingFor(intent, verdict.reason, observationData(observation), {
    last_observation: observation,
  });
}

/**
 * Starts the next attempt at the offer observed (`shown`: the intent's last_observation, which for
 * a product_id intent lists the other offers too). Refusals kept on the intent are cleared.
 */
export function startExecution(
  intent: IntentDoc,
  observation: Observation,
  shown: Observation,
): Decision {
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
      last_observation: shown,
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

/** What time alone decides, whatever the pages say; null when the pages decide. */
export function decidedByTime(
  intent: IntentDoc,
  now: number,
): { decision: Decision | null } | null {
  // Past expiry (it passed while the page was fetched): the intent ends, whatever the page says.
  if (intent.expires_at_ms !== null && now >= intent.expires_at_ms)
    return { decision: { trigger: 'expire', data: { previous_status: intent.status }, patch: {} } };
  // Before its dates nothing else matters: the page is not even read (the monitor's schedule).
  if (beforeDateRange(intent.conditions, now)) return { decision: waitForDateRange(intent) };
  return null;
}

/** Waits with OUTSIDE_DATE_RANGE (once: the same reason again writes nothing). */
export function waitForDateRange(intent: IntentDoc): Decision | null {
  return waitingFor(intent, 'OUTSIDE_DATE_RANGE', {}, {});
}

/** Waits with a reason; null when the intent already waits for it (one event per change). */
export function waitingFor(
  intent: IntentDoc,
  reason: WaitingReason,
  data: Record<string, unknown>,
  patch: Omit<Partial<IntentDoc>, 'waiting_reason'>,
): Decision | null {
  if (intent.status === 'waiting' && intent.waiting_reason === reason) return null;
  return {
    trigger: 'conditions_unmet',
    data: { reason, ...data },
    // The reason first: a spread followed by a property it lacks is slow (util/with-fields.ts).
    patch: { waiting_reason: reason, ...patch },
  };
}
