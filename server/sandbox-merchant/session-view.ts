import { ACP_AVAILABILITY, imageUrl } from './catalog';
import type { Scope } from './context';
import { isoTime } from './ids';
import { displayPrice } from './money';
import { orderView } from './orders';
import { challengeHint } from './acs';
import { SHIPPING_OPTIONS, TAX_RATE, quote, type Quote } from './totals';
import type { Session, SessionStatus } from './types';

export const ACP_VERSION = '2026-04-17';
const DAY = 86_400_000;

/** The card handler this merchant offers (tokens come from /agentic_commerce/delegate_payment). */
export function paymentHandler(scope: Scope) {
  return {
    id: 'card_tokenized',
    name: 'dev.acp.tokenized.card',
    display_name: 'Credit or debit card',
    version: '2026-01-22',
    spec: 'https://acp.dev/handlers/tokenized.card',
    requires_delegate_payment: true,
    requires_pci_compliance: false,
    psp: 'sandbox',
    config_schema: 'https://acp.dev/schemas/handlers/tokenized.card/config.json',
    instrument_schemas: ['https://acp.dev/schemas/handlers/tokenized.card/instrument.json'],
    config: {
      merchant_id: scope.merchantId,
      delegate_payment_url: `${scope.baseUrl}/agentic_commerce/delegate_payment`,
      accepted_brands: ['visa', 'mastercard'],
      accepted_funding_types: ['credit', 'debit', 'prepaid'],
      supports_3ds: true,
      '3ds_versions': ['2.2.0'],
      environment: 'sandbox',
    },
  };
}

/** ready / not ready are derived from the catalog on every read; the rest is stored. */
export function statusOf(session: Session, q: Quote, now: number): SessionStatus {
  if (session.state === 'completed' || session.state === 'canceled') return session.state;
  if (now >= session.expires_at) return 'expired';
  if (session.state === 'authentication_required') return 'authentication_required';
  return q.ready ? 'ready_for_payment' : 'not_ready_for_payment';
}

const total = (type: string, display_text: string, amount: number) => ({
  type,
  display_text,
  amount,
});

function messages(scope: Scope, session: Session, q: Quote, status: SessionStatus) {
  const out: Record<string, unknown>[] = [];
  const msg = (type: string, fields: Record<string, unknown>, content: string) =>
    out.push({ type, ...fields, content_type: 'plain', content });
  for (const line of q.lines) {
    const param = `$.line_items[${line.index}]`;
    if (line.problem) {
      const { code, content } = line.problem;
      msg('error', { code, severity: 'high', resolution: 'requires_buyer_input', param }, content);
      continue;
    }
    if (line.unit_amount !== line.quoted_unit_amount) {
      const [was, now] = [line.quoted_unit_amount, line.unit_amount].map((a) =>
        displayPrice(a, session.currency),
      );
      const text = `The price of ${line.product?.name} changed from ${was} to ${now}; totals use the new price.`;
      msg(
        'warning',
        { code: 'price_change', severity: 'medium', resolution: 'requires_buyer_review', param },
        text,
      );
    }
    const availability = line.product?.availability;
    if (availability === 'limited') {
      const text = `Limited availability: ${line.product?.stock_quantity ?? 'few'} left.`;
      msg('warning', { code: 'limited_availability', severity: 'low', param }, text);
    } else if (availability === 'preorder' || availability === 'backorder') {
      const text = `${line.product?.name} is on ${availability === 'preorder' ? 'pre-order' : 'back-order'}; it ships later.`;
      msg('warning', { code: 'shipping_delay', severity: 'low', param }, text);
    }
  }
  for (const { param, content } of q.missing) {
    msg(
      'error',
      { code: 'missing', severity: 'high', resolution: 'requires_buyer_input', param },
      content,
    );
  }
  for (const code of session.discount_codes) {
    msg(
      'warning',
      { code: 'discount_code_invalid', param: '$.discounts.codes' },
      `The code '${code}' is not valid here.`,
    );
  }
  if (session.payment_error && status === 'ready_for_payment') {
    msg(
      'error',
      {
        code: 'payment_declined',
        severity: 'high',
        resolution: 'requires_buyer_input',
        param: '$.payment_data',
      },
      session.payment_error,
    );
  }
  if (status === 'authentication_required') {
    const text =
      'The card issuer asks the buyer to authenticate. Follow authentication_metadata.challenge, then complete again with authentication_result.';
    msg(
      'error',
      {
        code: 'requires_3ds',
        severity: 'high',
        resolution: 'requires_buyer_input',
        param: '$.authentication_result',
      },
      text,
    );
  }
  if (status === 'canceled') msg('info', {}, 'Checkout session has been canceled.');
  if (status === 'expired') msg('info', {}, 'Checkout session has expired; create a new one.');
  return out;
}

/** The ACP CheckoutSession (CheckoutSessionWithOrder once completed) for a stored session. */
export function sessionView(scope: Scope, session: Session) {
  const { state, now } = { state: scope.sb.state, now: scope.sb.now() };
  const q = quote(session, state.products);
  const status = statusOf(session, q, now);
  const cur = session.currency;
  const t = q.totals;
  const intersect = session.agent_interventions.filter((i) => i === '3ds');
  const challenge = session.challenge_id ? state.challenges.get(session.challenge_id) : undefined;
  const order = session.order_id ? state.orders.find((o) => o.id === session.order_id) : undefined;
  return {
    id: session.id,
    protocol: { version: ACP_VERSION },
    capabilities: {
      payment: { handlers: [paymentHandler(scope)] },
      interventions: { supported: intersect, required: [], enforcement: 'conditional' },
    },
    ...(session.buyer ? { buyer: session.buyer } : {}),
    status,
    currency: cur,
    line_items: q.lines.map((line) => ({
      id: `li_${line.sku}`,
      item: { id: line.sku },
      quantity: line.quantity,
      name: line.product?.name ?? line.sku,
      ...(line.product ? { description: line.product.description } : {}),
      images: [imageUrl(scope.baseUrl, line.sku)],
      unit_amount: line.unit_amount,
      product_id: line.sku,
      sku: line.sku,
      availability_status: line.product
        ? ACP_AVAILABILITY[line.product.availability]
        : 'out_of_stock',
      ...(line.product?.stock_quantity != null
        ? { available_quantity: line.product.stock_quantity }
        : {}),
      totals: [
        total('items_base_amount', 'Base amount', line.base),
        total('discount', 'Discount', 0),
        total('subtotal', 'Subtotal', line.base),
        total('tax', 'Tax', line.tax),
        total('total', 'Total', line.base + line.tax),
      ],
    })),
    ...(session.fulfillment_details ? { fulfillment_details: session.fulfillment_details } : {}),
    fulfillment_options: SHIPPING_OPTIONS.map((o) => ({
      type: 'shipping',
      id: o.id,
      title: o.title,
      description: o.description,
      carrier: o.carrier,
      earliest_delivery_time: isoTime(now + o.days[0] * DAY),
      latest_delivery_time: isoTime(now + o.days[1] * DAY),
      totals: [total('total', o.title, o.amount(t.subtotal))],
    })),
    selected_fulfillment_options: [
      { type: 'shipping', option_id: q.option.id, item_ids: q.lines.map((l) => l.sku) },
    ],
    totals: [
      total('items_base_amount', 'Item(s) total', t.items_base_amount),
      total('subtotal', 'Subtotal', t.subtotal),
      total('fulfillment', q.option.title, t.fulfillment),
      {
        ...total('tax', 'Sales tax (8.25%)', t.tax),
        breakdown: [{ jurisdiction: 'Sandbox State', rate: TAX_RATE.decimal, amount: t.tax }],
      },
      total('total', 'Total', t.total),
    ],
    messages: messages(scope, session, q, status),
    links: [
      { type: 'terms_of_use', title: 'Terms of use', url: `${scope.baseUrl}/legal/terms` },
      { type: 'privacy_policy', title: 'Privacy policy', url: `${scope.baseUrl}/legal/privacy` },
      { type: 'return_policy', title: 'Returns', url: `${scope.baseUrl}/legal/returns` },
    ],
    ...(status === 'authentication_required' && challenge
      ? { authentication_metadata: challengeHint(scope, challenge) }
      : {}),
    created_at: isoTime(session.created_at),
    updated_at: isoTime(session.updated_at),
    expires_at: isoTime(session.expires_at),
    ...(session.metadata ? { metadata: session.metadata } : {}),
    ...(order ? { order: orderView(scope, order) } : {}),
  };
}
