import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../components/stores/types';
import { IntentRow } from '../../../entrypoints/popup/IntentRow';

const intent = (
  status: string,
  observed: boolean,
  seen: { price_cents?: number; availability?: string } = {},
) =>
  ({
    object: 'intent',
    intent_id: 'int_1',
    status,
    objective: { product: { product_url: 'https://shop.example/p/1', product_title: 'Lamp' } },
    conditions: { availability: 'in_stock', max_price_cents: 5000, currency: 'USD' },
    last_observation: observed
      ? {
          price_cents: 4200,
          currency: 'USD',
          availability: 'in_stock',
          merchant: 'shop.example',
          observed_at: '2026-11-22T10:00:00.000Z',
          source: 'json-ld',
          ...seen,
        }
      : null,
    latest_execution: null,
    next_action: null,
    receipt_id: null,
  }) as unknown as Intent;

describe('a watched product in the popup', () => {
  it('says the page could not be read when it waits without any observation', () => {
    const html = renderToStaticMarkup(<IntentRow intent={intent('waiting', false)} />);
    expect(html).toContain('The page could not be read yet');
    expect(html).not.toContain('Not checked yet');
  });

  it('says not checked yet before the first check, and the price after it', () => {
    expect(renderToStaticMarkup(<IntentRow intent={intent('active', false)} />)).toContain(
      'Not checked yet',
    );
    expect(renderToStaticMarkup(<IntentRow intent={intent('waiting', true)} />)).toContain(
      '$42.00',
    );
  });

  it('says why it waits and when it was last checked', () => {
    const out = renderToStaticMarkup(
      <IntentRow intent={intent('waiting', true, { availability: 'out_of_stock' })} />,
    );
    expect(out).toMatch(/Out of stock · Checked /);
    const above = renderToStaticMarkup(
      <IntentRow intent={intent('waiting', true, { price_cents: 6100 })} />,
    );
    expect(above).toMatch(/Above your \$50\.00 · Checked /);
  });

  it('renders an intent with no product and no price conditions (another intent type)', () => {
    const other = { ...intent('waiting', false), objective: {}, conditions: {} } as Intent;
    expect(renderToStaticMarkup(<IntentRow intent={other} />)).toContain('Product');
  });
});

describe('a procurement intent in the popup', () => {
  const reorder = (observed: boolean) =>
    ({
      ...intent('waiting', false),
      objective: {
        procurement: { item: { name: 'Printer paper', sku: 'PAPER-A4' }, quantity: 20 },
      },
      conditions: { trigger: { kind: 'inventory_below', sku: 'PAPER-A4', threshold: 10 } },
      last_observation: observed
        ? {
            price_cents: null,
            currency: null,
            availability: 'unknown',
            merchant: null,
            observed_at: '2026-11-22T10:00:00.000Z',
            source: 'inventory_report',
            inventory: { sku: 'PAPER-A4', quantity: 40, threshold: 10, report_id: 'invr_1' },
          }
        : null,
    }) as unknown as Intent;

  it('shows its item name and trigger, and the stock last reported', () => {
    const html = renderToStaticMarkup(<IntentRow intent={reorder(true)} />);
    expect(html).toContain('Printer paper');
    expect(html).toContain('Reorder 20 when stock ≤ 10 · stock 40');
  });

  it('renders before any stock was reported', () => {
    const html = renderToStaticMarkup(<IntentRow intent={reorder(false)} />);
    expect(html).toContain('no stock reported yet');
  });
});
