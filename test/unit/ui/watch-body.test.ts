import { describe, expect, it } from 'vitest';
import {
  buildCreateBody,
  endOfDay,
  localDatePlusDays,
  type WatchDraft,
} from '../../../components/stores/watch';

const draft = (overrides: Partial<WatchDraft> = {}): WatchDraft => ({
  productUrl: 'https://www.shop.example.com/products/trail-runner',
  title: 'Trail Runner',
  imageUrl: 'https://shop.example.com/img.jpg',
  merchant: 'shop.example.com',
  onlyThisMerchant: true,
  currency: 'USD',
  maxPriceMinor: 12000,
  quantity: 2,
  expiresOn: '2027-06-01',
  paymentMethodId: 'pm_card_visa',
  maxChargeMinor: 30000,
  ...overrides,
});

describe('the Watch form create body', () => {
  it('names the variant the user saw, so the monitor reads that offer', () => {
    expect(buildCreateBody(draft({ variant: 'TEE-M' })).objective.product?.variant).toBe('TEE-M');
    expect(buildCreateBody(draft()).objective.product).not.toHaveProperty('variant');
  });

  it('has the shape POST /v1/intents expects', () => {
    expect(buildCreateBody(draft())).toEqual({
      type: 'purchase',
      external_user_id: 'extension-user',
      objective: {
        product: {
          product_url: 'https://www.shop.example.com/products/trail-runner',
          product_title: 'Trail Runner',
          product_image_url: 'https://shop.example.com/img.jpg',
        },
        quantity: 2,
      },
      conditions: { availability: 'in_stock', max_price_cents: 12000, currency: 'USD' },
      guardrails: {
        allowed_merchants: ['shop.example.com'],
        expires_at: endOfDay('2027-06-01'),
      },
      payment: { payment_method_id: 'pm_card_visa', max_charge_cents: 30000 },
    });
  });

  it('leaves allowed_merchants out when "Only this merchant" is off', () => {
    expect(buildCreateBody(draft({ onlyThisMerchant: false })).guardrails).not.toHaveProperty(
      'allowed_merchants',
    );
  });

  it('derives the merchant from the URL when the page did not name one', () => {
    expect(buildCreateBody(draft({ merchant: null })).guardrails?.allowed_merchants).toEqual([
      'shop.example.com',
    ]);
  });

  it('watches a catalog product at the chosen merchants: a product_id intent, same terms', () => {
    const body = buildCreateBody(
      draft({
        variant: 'TEE-M',
        catalog: {
          productId: 'prod_01ABC',
          pages: [
            {
              merchant: 'shop.example.com',
              url: 'https://www.shop.example.com/products/trail-runner',
            },
            { merchant: 'other.example', url: 'https://other.example/p/77' },
          ],
        },
      }),
    );
    expect(body.objective).toEqual({
      product: {
        product_id: 'prod_01ABC',
        product_title: 'Trail Runner',
        product_image_url: 'https://shop.example.com/img.jpg',
      },
      quantity: 2,
    });
    expect(body.conditions).toEqual({
      availability: 'in_stock',
      max_price_cents: 12000,
      currency: 'USD',
    });
    expect(body.guardrails?.allowed_merchants).toEqual(['shop.example.com', 'other.example']);
    expect(body.payment).toEqual({ payment_method_id: 'pm_card_visa', max_charge_cents: 30000 });
    expect(body.metadata).toEqual({
      'page:shop.example.com': 'https://www.shop.example.com/products/trail-runner',
      'page:other.example': 'https://other.example/p/77',
    });
  });

  it('drops an empty title and a non-http image', () => {
    const body = buildCreateBody(draft({ title: '  ', imageUrl: 'data:image/png;base64,xx' }));
    expect(body.objective.product).toEqual({
      product_url: 'https://www.shop.example.com/products/trail-runner',
    });
  });

  it('expires at the end of the chosen local day', () => {
    const end = new Date(endOfDay('2027-06-01'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      2027, 5, 1, 23,
    ]);
  });

  it('defaults the expiry date to a local date N days ahead', () => {
    expect(localDatePlusDays(30, new Date(2026, 0, 15, 12))).toBe('2026-02-14');
    expect(localDatePlusDays(0, new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});
