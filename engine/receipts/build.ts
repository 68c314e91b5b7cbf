import type { IntentDoc } from '../schemas/intent-doc';
import type { PaymentMethod } from '../schemas/payment-method';
import type { Checkout, Signer } from '../ports';
import { base64url, signedBytes } from './signature';
import type { GuardrailCheck, Receipt } from '../schemas/receipt';

interface ReceiptInput {
  receiptId: string;
  intent: IntentDoc;
  merchant: string;
  checkout: Checkout;
  paymentMethod: PaymentMethod | null;
  /** assisted: the user bought and reported the figures; no payment method is named. */
  method: 'acp' | 'assisted';
  guardrails: GuardrailCheck[];
  executedAt: string;
  /** The page bought from: a product_id intent's chosen offer (the attempt's product_url). */
  offerUrl?: string | null;
}

/** The receipt of CONTRACT §12, signed with Ed25519 over its canonical JSON. */
export async function buildSignedReceipt(input: ReceiptInput, signer: Signer): Promise<Receipt> {
  const { checkout, intent } = input;
  const receipt = {
    object: 'receipt' as const,
    receipt_id: input.receiptId,
    intent_id: intent.intent_id,
    livemode: intent.livemode,
    merchant: input.merchant,
    method: input.method,
    totals_source: (input.method === 'assisted' ? 'reported_by_user' : 'merchant') as
      'reported_by_user' | 'merchant',
    order: { id: checkout.order?.id ?? null, permalink_url: checkout.order?.permalink_url ?? null },
    line_items: checkout.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit_price_cents: line.unit_price_cents,
      total_cents: line.total_cents,
    })),
    totals: {
      subtotal_cents: checkout.totals.subtotal_cents,
      shipping_cents: checkout.totals.shipping_cents,
      tax_cents: checkout.totals.tax_cents,
      total_charged_cents: checkout.totals.total_cents,
    },
    currency: checkout.currency,
    payment:
      input.paymentMethod && input.method === 'acp'
        ? {
            payment_method_id: input.paymentMethod.id,
            brand: input.paymentMethod.brand,
            last4: input.paymentMethod.last4,
          }
        : null,
    observed_offer: observedOffer(intent, input.offerUrl ?? null),
    // A product_id intent names the offers it did not choose, as they were when it chose.
    ...(intent.last_observation?.other_offers
      ? { other_offers: intent.last_observation.other_offers }
      : {}),
    guardrails_checked: input.guardrails,
    ship_to: shipToOf(intent),
    billing: billingOf(intent, checkout),
    executed_at: input.executedAt,
  };
  const { kid, value } = await signer.sign(signedBytes(receipt));
  return { ...receipt, signature: { alg: 'EdDSA' as const, kid, value: base64url(value) } };
}

/** The offer as last observed before buying, with the page it was read on. */
function observedOffer(intent: IntentDoc, offerUrl: string | null): Receipt['observed_offer'] {
  if (!intent.last_observation) return null;
  const { other_offers: _others, ...observation } = intent.last_observation;
  const url =
    intent.objective.product?.product_url ??
    intent.objective.procurement?.item.product_url ??
    offerUrl;
  return { ...observation, url };
}

/** The invoice part of a purchase on terms, from the merchant's invoice; null when paid by card. */
function billingOf(intent: IntentDoc, checkout: Checkout): Receipt['billing'] {
  const terms = intent.payment?.billing_terms;
  const invoice = checkout.invoice;
  if (!terms || !invoice) return null;
  return {
    terms,
    due_date: invoice.due_date,
    amount_due_cents: invoice.amount_due_cents,
    currency: checkout.currency,
    invoice_number: invoice.invoice_number,
    purchase_order_number: invoice.purchase_order_number,
  };
}

/** The only buyer details a receipt shows: the city and country an order ships to. */
function shipToOf(intent: IntentDoc): Receipt['ship_to'] {
  const address = intent.identity?.shipping_address;
  return address ? { city: address.city, country: address.country } : null;
}
