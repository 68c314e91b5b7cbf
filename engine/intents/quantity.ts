import type { IntentDoc } from '../schemas/intent-doc';

/** The quantity an intent buys: objective.quantity, else the product's or the procurement's, else 1. */
export const quantityOf = (intent: Pick<IntentDoc, 'objective'>): number =>
  intent.objective.quantity ??
  intent.objective.product?.quantity ??
  intent.objective.procurement?.quantity ??
  1;
