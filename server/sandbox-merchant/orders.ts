import { imageUrl, productUrl } from './catalog';
import type { Scope } from './context';
import { isoTime } from './ids';
import type { Quote } from './totals';
import type { Invoice, Order, PaymentTerms, Product, Session, VaultToken } from './types';

const DAY = 86_400_000;

const TERM_DAYS: Record<PaymentTerms, number> = {
  immediate: 0,
  net_15: 15,
  net_30: 30,
  net_60: 60,
  net_90: 90,
};

/** How an order is paid: a spent vault token (card), or an invoice on terms. */
export type OrderPayment =
  | { token: VaultToken }
  | { invoice: { purchase_order_number: string; payment_terms: PaymentTerms } };

/** The invoice of an order on terms, as sessions show it in `metadata.invoice`. */
export function invoiceView(order: Order) {
  const invoice = order.invoice!;
  return {
    invoice_number: invoice.invoice_number,
    purchase_order_number: invoice.purchase_order_number,
    payment_terms: invoice.payment_terms,
    due_date: isoTime(invoice.due_at),
    amount_due: order.totals.total,
    currency: order.currency,
  };
}

export function orderUrl(scope: Scope, id: string): string {
  return `${scope.baseUrl}/orders/${id}`;
}

/** The ACP Order object returned by complete and by GET on a completed session. */
export function orderView(scope: Scope, order: Order) {
  const t = order.totals;
  return {
    type: 'order',
    id: order.id,
    checkout_session_id: order.checkout_session_id,
    order_number: order.order_number,
    permalink_url: orderUrl(scope, order.id),
    status: 'confirmed',
    estimated_delivery: {
      earliest: isoTime(order.created_at + 3 * DAY),
      latest: isoTime(order.created_at + 5 * DAY),
    },
    confirmation: {
      confirmation_number: order.order_number,
      confirmation_email_sent: order.buyer_email !== undefined,
      receipt_url: orderUrl(scope, order.id),
      ...(order.invoice ? { invoice_number: order.invoice.invoice_number } : {}),
    },
    line_items: order.lines.map((line) => ({
      id: `oli_${line.sku}`,
      title: line.name,
      product_id: line.sku,
      image_url: imageUrl(scope.baseUrl, line.sku),
      url: productUrl(scope.baseUrl, line.sku),
      quantity: { ordered: line.quantity, current: line.quantity, fulfilled: 0 },
      unit_price: line.unit_amount,
      subtotal: line.unit_amount * line.quantity,
      status: 'processing',
    })),
    totals: [
      { type: 'items_base_amount', display_text: 'Item(s) total', amount: t.items_base_amount },
      { type: 'subtotal', display_text: 'Subtotal', amount: t.subtotal },
      { type: 'fulfillment', display_text: 'Shipping', amount: t.fulfillment },
      { type: 'tax', display_text: 'Sales tax', amount: t.tax },
      { type: 'total', display_text: 'Total', amount: t.total },
    ],
  };
}

/** The control API's view: everything needed to prove an order was placed exactly once. */
export function controlOrderView(scope: Scope, order: Order) {
  const first = order.lines[0];
  return {
    object: 'order',
    id: order.id,
    order_number: order.order_number,
    checkout_session_id: order.checkout_session_id,
    sku: first?.sku ?? null,
    quantity: first?.quantity ?? 0,
    line_items: order.lines.map((l) => ({ ...l })),
    currency: order.currency,
    totals: { ...order.totals },
    fulfillment_option_id: order.fulfillment_option_id,
    payment_token_id: order.payment_token_id,
    card_brand: order.card_brand,
    card_last4: order.card_last4,
    invoice: order.invoice ? invoiceView(order) : null,
    permalink_url: orderUrl(scope, order.id),
    created_at: isoTime(order.created_at),
  };
}

/**
 * Charges the token, or books an invoice on terms: one order, stock decremented, token spent,
 * session completed.
 */
export function placeOrder(scope: Scope, session: Session, q: Quote, payment: OrderPayment): Order {
  const { state, now, ids } = scope.sb;
  const token = 'token' in payment ? payment.token : null;
  const createdAt = now();
  const order: Order = {
    id: ids('ord_'),
    order_number: `SBX-${1001 + state.orders.length}`,
    checkout_session_id: session.id,
    lines: q.lines.map((l) => ({
      sku: l.sku,
      name: l.product?.name ?? l.sku,
      quantity: l.quantity,
      unit_amount: l.unit_amount,
    })),
    currency: session.currency,
    totals: { ...q.totals },
    fulfillment_option_id: q.option.id,
    payment_token_id: token?.id ?? null,
    card_brand: token?.brand ?? null,
    card_last4: token?.last4 ?? null,
    ...('invoice' in payment
      ? { invoice: invoiceOf(payment.invoice, state.orders.length, createdAt) }
      : {}),
    buyer_email: typeof session.buyer?.email === 'string' ? session.buyer.email : undefined,
    ...receivedDetails(session, q.lines),
    created_at: createdAt,
  };
  for (const line of q.lines) {
    const product = line.product;
    if (product && product.stock_quantity !== null) {
      product.stock_quantity = Math.max(0, product.stock_quantity - line.quantity);
      if (product.stock_quantity === 0) product.availability = 'out_of_stock';
    }
  }
  state.orders.push(order);
  if (token) token.used_by_order = order.id;
  if (order.invoice) session.metadata = { ...session.metadata, invoice: invoiceView(order) };
  session.state = 'completed';
  session.order_id = order.id;
  session.challenge_id = undefined;
  session.payment_error = undefined;
  session.updated_at = order.created_at;
  return order;
}

function invoiceOf(
  terms: { purchase_order_number: string; payment_terms: PaymentTerms },
  count: number,
  createdAt: number,
): Invoice {
  return {
    invoice_number: `INV-${1001 + count}`,
    purchase_order_number: terms.purchase_order_number,
    payment_terms: terms.payment_terms,
    due_at: createdAt + TERM_DAYS[terms.payment_terms] * DAY,
  };
}

/** The delivery details of an order whose products required them (what the merchant received). */
function receivedDetails(session: Session, lines: { product?: Product | undefined }[]) {
  const needs = new Set(lines.flatMap((line) => line.product?.requires ?? []));
  const phone = session.buyer?.phone_number;
  const address = session.fulfillment_details?.address;
  return {
    ...(needs.has('phone') && typeof phone === 'string' ? { buyer_phone: phone } : {}),
    ...(needs.has('shipping_address') && address && typeof address === 'object'
      ? { shipping_address: address as Record<string, unknown> }
      : {}),
  };
}
