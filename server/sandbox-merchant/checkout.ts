import { Hono } from 'hono';
import { acpGet, acpPost } from './acp';
import { completeRoute } from './complete';
import type { SandboxEnv, Scope } from './context';
import { SandboxError } from './errors';
import { parseWith } from './http';
import { CancelSessionBody, CreateSessionBody, UpdateSessionBody } from './schemas';
import { sessionView } from './session-view';
import { SESSION_TTL_MS, assertOpen, findSession } from './sessions';
import { DEFAULT_SHIPPING, SHIPPING_OPTIONS } from './totals';
import type { Session, SessionLine } from './types';

/** ACP 2026-04-17 items carry no quantity: each repeat of an id adds one unit. */
function linesFrom(scope: Scope, items: { id: string; unit_amount?: number }[], currency: string) {
  const lines: SessionLine[] = [];
  items.forEach((item, index) => {
    const product = scope.sb.state.products.get(item.id);
    if (!product) {
      throw new SandboxError(
        400,
        'invalid_item_id',
        `The item ID '${item.id}' does not exist.`,
        `$.line_items[${index}].id`,
      );
    }
    if (product.currency.toLowerCase() !== currency) {
      throw new SandboxError(
        400,
        'currency_mismatch',
        `'${item.id}' is sold in ${product.currency.toLowerCase()}, not ${currency}.`,
        '$.currency',
      );
    }
    const line = lines.find((l) => l.sku === item.id);
    if (line) line.quantity += 1;
    else
      lines.push({
        sku: item.id,
        quantity: 1,
        quoted_unit_amount: item.unit_amount ?? product.price_cents,
      });
  });
  return lines;
}

function selectOption(session: Session, selected: { type: string; option_id: string }[]) {
  selected.forEach((choice, i) => {
    if (choice.type !== 'shipping' || !SHIPPING_OPTIONS.some((o) => o.id === choice.option_id)) {
      const ids = SHIPPING_OPTIONS.map((o) => o.id).join(', ');
      throw new SandboxError(
        400,
        'parameter_invalid',
        `Choose a shipping option: ${ids}.`,
        `$.selected_fulfillment_options[${i}].option_id`,
      );
    }
    session.selected_option_id = choice.option_id;
  });
}

function dropChallenge(session: Session): void {
  if (session.state === 'authentication_required') session.state = 'open';
  session.challenge_id = undefined;
}

export function checkoutRoutes() {
  const app = new Hono<SandboxEnv>();

  app.post(
    '/',
    acpPost('create', (c, raw) => {
      const scope = c.get('scope');
      const body = parseWith(CreateSessionBody, raw);
      const now = scope.sb.now();
      const currency = body.currency.toLowerCase();
      const session: Session = {
        id: scope.sb.ids('cs_'),
        state: 'open',
        currency,
        lines: linesFrom(scope, body.line_items, currency),
        buyer: body.buyer,
        fulfillment_details: body.fulfillment_details,
        selected_option_id: DEFAULT_SHIPPING,
        agent_interventions: body.capabilities.interventions?.supported ?? [],
        discount_codes: body.discounts?.codes ?? body.coupons ?? [],
        metadata: body.metadata,
        created_at: now,
        updated_at: now,
        expires_at: now + SESSION_TTL_MS,
      };
      scope.sb.state.sessions.set(session.id, session);
      return { status: 201, body: sessionView(scope, session) };
    }),
  );

  app.get(
    '/:id',
    acpGet('get', (c) => ({ status: 200, body: sessionView(c.get('scope'), findSession(c)) })),
  );

  app.post(
    '/:id',
    acpPost('update', (c, raw) => {
      const scope = c.get('scope');
      const session = findSession(c);
      const body = parseWith(UpdateSessionBody, raw);
      assertOpen(scope, session);
      if (body.line_items) session.lines = linesFrom(scope, body.line_items, session.currency);
      if (body.buyer) session.buyer = body.buyer;
      if (body.fulfillment_details) session.fulfillment_details = body.fulfillment_details;
      if (body.selected_fulfillment_options)
        selectOption(session, body.selected_fulfillment_options);
      const codes = body.discounts?.codes ?? body.coupons;
      if (codes) session.discount_codes = codes;
      dropChallenge(session);
      session.payment_error = undefined;
      session.updated_at = scope.sb.now();
      return { status: 200, body: sessionView(scope, session) };
    }),
  );

  app.post('/:id/complete', completeRoute());

  app.post(
    '/:id/cancel',
    acpPost(
      'cancel',
      (c, raw) => {
        const scope = c.get('scope');
        const session = findSession(c);
        parseWith(CancelSessionBody, raw);
        assertOpen(scope, session);
        dropChallenge(session);
        session.state = 'canceled';
        session.updated_at = scope.sb.now();
        return { status: 200, body: sessionView(scope, session) };
      },
      { optionalBody: true },
    ),
  );

  return app;
}
