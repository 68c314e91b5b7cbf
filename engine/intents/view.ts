import type { IntentDoc } from './record';

/** The intent record of CONTRACT §7, without the store's internal fields. */
export function toIntentView(doc: IntentDoc) {
  return {
    object: 'intent' as const,
    intent_id: doc.intent_id,
    status: doc.status,
    type: doc.type,
    external_user_id: doc.external_user_id,
    objective: doc.objective,
    conditions: doc.conditions,
    guardrails: doc.guardrails,
    payment: doc.payment,
    metadata: doc.metadata,
    livemode: doc.livemode,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    next_action: doc.next_action,
    last_observation: doc.last_observation,
    latest_execution: doc.latest_execution,
    receipt_id: doc.receipt_id,
  };
}

export type IntentView = ReturnType<typeof toIntentView>;
