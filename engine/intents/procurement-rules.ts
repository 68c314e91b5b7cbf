import { invalid, missing } from '../errors';
import { INVOICE_METHOD_ID } from '../payments/methods';
import type { CreateIntentInput } from '../schemas/intent-input';

/**
 * Rules of a procurement intent that its schema alone cannot state (CONTRACT §15): the trigger
 * belongs to procurement and names the item's sku. Throws the first problem found.
 */
export function checkProcurement(input: CreateIntentInput) {
  const procurement = input.objective.procurement;
  const trigger = input.conditions?.trigger;
  if (!procurement) {
    if (trigger) {
      throw invalid(
        'conditions.trigger',
        'conditions.trigger applies to procurement intents only: send objective.procurement {item, quantity} with it, or remove the trigger.',
      );
    }
    return;
  }
  if (!trigger) {
    throw missing(
      'conditions.trigger',
      'A procurement intent needs conditions.trigger {kind: "inventory_below", sku, threshold}: it says when to reorder.',
    );
  }
  if (trigger.sku !== procurement.item.sku) {
    throw invalid(
      'conditions.trigger.sku',
      `conditions.trigger.sku ('${trigger.sku}') must equal objective.procurement.item.sku ('${procurement.item.sku}'): the trigger watches the stock of the item it reorders.`,
    );
  }
  const quantity = input.objective.quantity;
  if (quantity !== undefined && quantity !== procurement.quantity) {
    throw invalid(
      'objective.quantity',
      `objective.quantity (${quantity}) differs from objective.procurement.quantity (${procurement.quantity}); send one, or the same value in both.`,
    );
  }
}

/** Billing terms are paid by invoice, and the invoice method needs terms. */
export function checkBillingTerms(payment: CreateIntentInput['payment']) {
  const method = payment?.payment_method_id;
  if (payment?.billing_terms && method !== INVOICE_METHOD_ID) {
    if (!method) {
      throw missing(
        'payment.payment_method_id',
        `payment.billing_terms are paid by invoice: set payment.payment_method_id to '${INVOICE_METHOD_ID}'.`,
      );
    }
    throw invalid(
      'payment.billing_terms',
      `payment.billing_terms are paid by invoice, not by '${method}': set payment.payment_method_id to '${INVOICE_METHOD_ID}', or remove billing_terms to pay by card.`,
    );
  }
  if (method === INVOICE_METHOD_ID && !payment?.billing_terms) {
    throw missing(
      'payment.billing_terms',
      `'${INVOICE_METHOD_ID}' pays by invoice: say when it is due with payment.billing_terms (net-15, net-30, net-60 or due_on_receipt).`,
    );
  }
}
