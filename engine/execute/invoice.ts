import { INVOICE_METHOD_ID } from '../payments/methods';
import type { AcpPaymentTerms, CompletePayment } from '../ports';
import type { ExecutionAt } from '../schemas/execution';
import type { IntentDoc } from '../schemas/intent-doc';
import type { BillingTerms } from '../vocabulary';

/** Our billing terms in ACP's words (PaymentData.payment_terms). */
export const ACP_TERMS: Record<BillingTerms, AcpPaymentTerms> = {
  'net-15': 'net_15',
  'net-30': 'net_30',
  'net-60': 'net_60',
  due_on_receipt: 'immediate',
};

/** Whether the intent pays by invoice on terms (test mode: the sandbox's B2B orders). */
export const paysByInvoice = (intent: IntentDoc) =>
  !intent.livemode &&
  intent.payment?.payment_method_id === INVOICE_METHOD_ID &&
  intent.payment.billing_terms !== undefined;

/**
 * What complete pays with: the delegated token, or the intent's terms with a purchase order
 * number derived from the attempt (so a replay after a crash sends the same body).
 */
export function paymentFor(
  exec: ExecutionAt<'complete_checkout'>,
  intent: IntentDoc,
): CompletePayment {
  if (exec.token !== null) return { token: exec.token };
  return {
    invoice: {
      purchase_order_number: `PO-${exec.intent_id}-${exec.attempt}`,
      payment_terms: ACP_TERMS[intent.payment!.billing_terms!],
    },
  };
}
