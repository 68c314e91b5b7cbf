import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';

/**
 * The visible price on harder pages (issue 17, part 4): the currency a page names beside or
 * around the amount, prices introduced by words next to quantity tiers, and the product's own
 * price against other products' prices listed before it.
 */
function shopPage(body: string, { lang = 'en', head = '' } = {}): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title>${head}</head>
<body><div class="site-header"><a href="/">Shop</a></div>${body}</body></html>`;
}

const offerOf = (html: string, url = 'https://shop.example/p/1') => {
  const offer = extractProduct(html, url).offer;
  return offer && { price: offer.price_cents, currency: offer.currency };
};

const product = (price: string, extra = '') =>
  `<div class="product"><h1>Walnut Serving Board</h1>${price}${extra}<button class="add-to-cart">Add to cart</button></div>`;

describe('the currency of a visible price', () => {
  it('takes the code written after the amount over the default of its sign', () => {
    const html = shopPage(product('<div class="price">$64.00 CAD</div>'));
    expect(offerOf(html)).toEqual({ price: 6400, currency: 'CAD' });
  });

  it('takes the currency the store settings declare in script state', () => {
    const shopify = '<script>Shopify.currency = {"active":"AUD","rate":"1.0"};</script>';
    expect(
      offerOf(shopPage(product('<div class="price">$52.00</div>'), { head: shopify })),
    ).toEqual({ price: 5200, currency: 'AUD' });
    const next = `<script id="__NEXT_DATA__" type="application/json">{"props":{"store":{"currencyCode":"HKD"}}}</script>`;
    expect(offerOf(shopPage(product('<p class="price">$388</p>') + next))).toEqual({
      price: 38800,
      currency: 'HKD',
    });
  });

  it('falls back to the locale when declarations disagree', () => {
    const head = '<script>var a = {"currency":"NZD"}; var b = {"currency":"USD"};</script>';
    const html = shopPage(product('<div class="price">$52.00</div>'), { lang: 'en-AU', head });
    expect(offerOf(html)).toEqual({ price: 5200, currency: 'AUD' });
  });

  it('reads a sign written in its own element beside the amount', () => {
    const price = '<div class="buy-line"><span class="price">1.890,00</span> <span>kr</span></div>';
    expect(offerOf(shopPage(product(price), { lang: 'da' }))).toEqual({
      price: 189000,
      currency: 'DKK',
    });
  });

  it('reads FREE as zero, in the currency the store declares', () => {
    const head = '<script>window.__INITIAL_STATE__ = {"shop":{"currency":"GBP"}};</script>';
    const html = shopPage(product('<span class="price">FREE</span>'), { head });
    expect(offerOf(html)).toEqual({ price: 0, currency: 'GBP' });
  });
});

describe('which visible amount is the price', () => {
  it('reads a price introduced by words, not the quantity tiers beside it', () => {
    const tiers =
      '<table class="tier-prices"><tr><td>10+</td><td class="tier-price">$1.12</td></tr><tr><td>100+</td><td class="tier-price">$0.98</td></tr></table>';
    const html = shopPage(product(`${tiers}<p>Our price: <b>$1.25</b> each</p>`));
    expect(offerOf(html)).toEqual({ price: 125, currency: 'USD' });
  });

  it('reads the one-time price, not the subscription or bulk prices', () => {
    const options =
      '<div class="subscribe-box"><span class="price">$21.25</span></div><ul class="bulk-prices"><li><span class="price">$20.00</span></li></ul>';
    const html = shopPage(product(`${options}<span class="product-price">$25.00</span>`));
    expect(offerOf(html)).toEqual({ price: 2500, currency: 'USD' });
  });

  it('reads no amount of a subscription option, even one standing beside the order button', () => {
    const html = shopPage(
      '<div class="product"><h1>Cold Brew</h1><div class="info"><div class="prices"><span class="product-price">$25.00</span></div></div>' +
        '<form><div class="subscription-options"><span class="price">$21.25</span></div><button class="add-to-cart">Add to cart</button></form></div>',
    );
    expect(offerOf(html)).toEqual({ price: 2500, currency: 'USD' });
  });

  it("prefers the amount nearest the product's title and order control to one listed before it", () => {
    const sidebar =
      '<div class="col-left"><div class="box"><div class="box-title">Specials</div><a href="/x">Trivet</a> <span class="price">$9.40</span></div></div>';
    const html = shopPage(
      `${sidebar}<div class="col-main">${product('<span class="price">$36.00</span>')}</div>`,
    );
    expect(offerOf(html)).toEqual({ price: 3600, currency: 'USD' });
  });

  it('takes no price when two different amounts stand as near the product', () => {
    const two =
      '<div class="prices"><span class="price">$19.00</span><span class="price">$24.00</span></div>';
    expect(offerOf(shopPage(product(two)))).toEqual({ price: null, currency: null });
    const bare =
      '<div><span class="price">$19.00</span></div><div><span class="price">$24.00</span></div>';
    expect(offerOf(shopPage(`${bare}<p>In stock</p>`))).toEqual({ price: null, currency: null });
  });

  it('reads a range shown as the price as no price', () => {
    const html = shopPage(product('<div class="price">Between $18 and $26</div>'));
    expect(offerOf(html)).toEqual({ price: null, currency: null });
  });
});
