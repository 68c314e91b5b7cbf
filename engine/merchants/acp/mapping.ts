import { identityFieldOf } from './buyer';
import type {
  AcpPaymentTerms,
  Challenge,
  Checkout,
  CheckoutInvoice,
  CheckoutLine,
} from '../../ports';

type Json = Record<string, unknown>;

const STATUS: Record<string, Checkout['status']> = {
  ready_for_payment: 'ready',
  not_ready_for_payment: 'not_ready',
  authentication_required: 'authentication_required',
  completed: 'completed',
  canceled: 'canceled',
  expired: 'expired',
  in_progress: 'not_ready',
};

const amountOf = (totals: unknown, type: string): number => {
  const entry = (Array.isArray(totals) ? (totals as Json[]) : []).find((t) => t.type === type);
  return typeof entry?.amount === 'number' ? entry.amount : 0;
};

/** An ACP CheckoutSession (or CheckoutSessionWithOrder) in the engine's terms. */
export function toCheckout(session: Json): Checkout {
  const lines: CheckoutLine[] = (
    Array.isArray(session.line_items) ? (session.line_items as Json[]) : []
  ).map((line) => ({
    sku: String((line.item as Json | undefined)?.id ?? line.sku ?? line.id),
    name: typeof line.name === 'string' ? line.name : null,
    quantity: typeof line.quantity === 'number' ? line.quantity : 1,
    unit_price_cents: typeof line.unit_amount === 'number' ? line.unit_amount : 0,
    total_cents: amountOf(line.totals, 'total'),
  }));
  const messages = Array.isArray(session.messages) ? (session.messages as Json[]) : [];
  const order = session.order as Json | undefined;
  return {
    id: String(session.id),
    status: STATUS[String(session.status)] ?? 'not_ready',
    currency: String(session.currency ?? '').toUpperCase(),
    lines,
    totals: {
      subtotal_cents:
        amountOf(session.totals, 'subtotal') || amountOf(session.totals, 'items_base_amount'),
      shipping_cents: amountOf(session.totals, 'fulfillment'),
      tax_cents: amountOf(session.totals, 'tax'),
      total_cents: amountOf(session.totals, 'total'),
    },
    problems: messages
      .filter((m) => m.type === 'error' && m.code !== 'requires_3ds')
      .map((m) => {
        const field = identityFieldOf(String(m.code), m.param);
        return {
          code: String(m.code),
          message: String(m.content ?? m.code),
          ...(field ? { field } : {}),
        };
      }),
    challenge: challengeOf(session.authentication_metadata as Json | undefined),
    invoice: invoiceOf((session.metadata as Json | undefined)?.invoice as Json | undefined),
    order: order
      ? {
          id: String(order.id),
          permalink_url: typeof order.permalink_url === 'string' ? order.permalink_url : null,
        }
      : null,
  };
}

function challengeOf(metadata: Json | undefined): Challenge | null {
  const challenge = metadata?.challenge as Json | undefined;
  if (!challenge || typeof challenge.acs_url !== 'string') return null;
  const type = challenge.type === 'otp' ? 'otp' : '3ds';
  return {
    id: String(challenge.id),
    type,
    answer_url: challenge.acs_url,
    instructions:
      type === 'otp'
        ? 'Enter the one-time code your bank sent you to approve this purchase.'
        : 'Approve this purchase in your banking app (3-D Secure), then continue.',
    expires_at: typeof challenge.expires_at === 'string' ? challenge.expires_at : null,
    attempts_remaining:
      typeof challenge.attempts_remaining === 'number' ? challenge.attempts_remaining : null,
  };
}

/** The invoice of an order on terms, as the merchant shows it in the session's metadata. */
function invoiceOf(invoice: Json | undefined): CheckoutInvoice | null {
  if (!invoice || typeof invoice.due_date !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    invoice_number: text(invoice.invoice_number),
    purchase_order_number: text(invoice.purchase_order_number),
    payment_terms: String(invoice.payment_terms) as AcpPaymentTerms,
    due_date: invoice.due_date,
    amount_due_cents: typeof invoice.amount_due === 'number' ? invoice.amount_due : 0,
  };
}
