import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../components/stores/types';
import { ActionCard } from '../../../entrypoints/popup/ActionCard';

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
