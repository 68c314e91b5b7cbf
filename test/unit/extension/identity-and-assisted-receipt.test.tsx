import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Intent, Receipt } from '../../../components/stores/types';
import { ActionCard } from '../../../entrypoints/popup/ActionCard';
import { ReceiptDetails } from '../../../entrypoints/popup/ReceiptDetails';

const asking = (fields: string[]) =>
  ({
    object: 'intent',
    intent_id: 'int_1',
    status: 'requires_user_action',
    objective: { product: { product_url: 'https://shop.example/p/1', product_title: 'Desk' } },
    conditions: {},
    last_observation: null,
    latest_execution: null,
    next_action: {
      type: 'identity',
      instructions: 'shop.example needs a shipping address to deliver this order.',
      fields,
      expires_at: null,
    },
    receipt_id: null,
  }) as unknown as Intent;

/** The label text and autocomplete hint of every input, in order. */
function inputs(html: string) {
  const labels = [...html.matchAll(/<label for="([^"]+)">([^<]+)<\/label>/g)];
  return labels.map(([, id, label]) => {
    const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)![0];
    return [label, /autocomplete="([^"]+)"/i.exec(input)?.[1]];
  });
}

describe('the popup identity card', () => {
  it('shows one labelled input per field asked, with autofill hints', () => {
    const html = renderToStaticMarkup(<ActionCard intent={asking(['name', 'shipping_address'])} />);
    expect(html).toContain('needs a shipping address');
    expect(inputs(html)).toEqual([
      ['Full name', 'name'],
      ['Address', 'shipping address-line1'],
      ['Address line 2 (optional)', 'shipping address-line2'],
      ['City', 'shipping address-level2'],
      ['State or region (optional)', 'shipping address-level1'],
      ['Postal code', 'shipping postal-code'],
      ['Country code (e.g. US)', 'shipping country'],
    ]);
  });

  it('asks only for what the merchant needs', () => {
    const html = renderToStaticMarkup(<ActionCard intent={asking(['email', 'phone'])} />);
    expect(inputs(html)).toEqual([
      ['Email', 'email'],
      ['Phone', 'tel'],
    ]);
  });
});

describe('the popup receipt of an assisted purchase', () => {
  const receipt = (method: 'acp' | 'assisted') =>
    ({
      object: 'receipt',
      receipt_id: 'rcpt_1',
      intent_id: 'int_1',
      livemode: false,
      merchant: 'shop.example',
      method,
      order: { id: 'A-1', permalink_url: null },
      line_items: [],
      totals: { subtotal_cents: 900, shipping_cents: 0, tax_cents: 0, total_charged_cents: 900 },
      currency: 'USD',
      payment: null,
      observed_offer: null,
      guardrails_checked: [],
      executed_at: '2026-11-22T10:00:00.000Z',
      signature: { alg: 'EdDSA', kid: 'k1', value: 'x' },
    }) as unknown as Receipt;

  it('says the total is as the user reported it, and names no card', () => {
    const html = renderToStaticMarkup(<ReceiptDetails receipt={receipt('assisted')} />);
    expect(html).toContain('Total, as you reported it');
    expect(html).toContain('Paid at the merchant');
    expect(renderToStaticMarkup(<ReceiptDetails receipt={receipt('acp')} />)).toContain(
      'Total charged',
    );
  });
});
