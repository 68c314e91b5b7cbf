import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';
import { jsonLd, page, productWithOffers } from './pages';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/pages/${name}.html`, import.meta.url), 'utf8');

describe('robot checks and blocked pages', () => {
  it.each([
    ['captcha-robot-check', 'https://www.amazon.com/dp/B0C1234XYZ'],
    ['access-denied', 'https://www.bigboxelectronics.com/site/apex-65-oled/6501234.p'],
    ['cloudflare-challenge', 'https://www.sneakervault.shop/products/retro-high-og-chicago'],
  ])('gives no offer and no confidence for %s', (name, url) => {
    const result = extractProduct(fixture(name), url);
    expect(result.offer).toBeNull();
    expect(result.offers).toEqual([]);
    expect(result.source).toBe('none');
    expect(result.confidence).toBe(0);
  });

  it.each([
    ['Page not found', '<h1>Oops</h1><p>Sorry, the page you requested is not available.</p>'],
    [
      'Shop',
      '<h1>Oops</h1><p>Sorry, the page you are looking for could not be found. It may be sold out.</p>',
    ],
    ['404 | Shop', '<h1>Gone</h1><p>This item is no longer available.</p>'],
  ])('never reads a "not found" page served with 200 (%s) as out of stock', (title, body) => {
    const html = `<html><head><title>${title}</title></head><body>${body}</body></html>`;
    const result = extractProduct(html, 'https://shop.example/p/4');
    expect(result.offer).toBeNull();
    expect(result.source).toBe('none');
  });

  it.each([
    [
      'de',
      'Kaffeewerk Freiburg',
      'Bitte bestätigen Sie, dass Sie kein Roboter sind. Seite nicht verfügbar.',
    ],
    ['fr', 'Vérification', 'Nous avons détecté un trafic inhabituel. Produit indisponible.'],
    ['pl', 'Chwileczkę', 'Potwierdź, że nie jesteś robotem. Strona niedostępna.'],
    [
      'ja',
      'アクセスが制限されています',
      'ロボットではないことを確認してください。現在ご利用いただけません。',
    ],
    ['ko', '접근이 제한되었습니다', '비정상적인 트래픽이 감지되었습니다. 품절'],
  ])('never reads a %s robot check as out of stock', (lang, title, text) => {
    const html = `<html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
    const result = extractProduct(html, 'https://shop.example/p/5');
    expect(result).toMatchObject({ offer: null, offers: [], source: 'none', title: null });
  });

  it('never reads a robot check that says "unavailable" as out of stock', () => {
    const html = `<html><head><title>Robot Check</title></head><body>
      <p>Sorry, this page is currently unavailable to automated clients. Out of stock? Not a robot?</p>
      <form action="/errors/validateCaptcha"><input name="field-keywords"></form></body></html>`;
    const result = extractProduct(html, 'https://www.amazon.com/dp/B000000001');
    expect(result.offer).toBeNull();
    expect(result.offers.every((o) => o.availability !== 'out_of_stock')).toBe(true);
  });

  it('still reads a real product page that has a captcha on its review form', () => {
    const product = productWithOffers('Lamp', [{ sku: 'L1', price: '40.00' }]);
    const html = page(
      '<h1>Lamp</h1><form class="review-form"><div class="g-recaptcha"></div>Please solve the captcha</form>',
      jsonLd(product),
    );
    const result = extractProduct(html, 'https://lamps.example/lamp');
    expect(result.offer).toMatchObject({ sku: 'L1', price_cents: 4000, availability: 'in_stock' });
  });
});
