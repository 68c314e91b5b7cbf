import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';

const TAGS = ['div', 'span', 'script', 'del', 'p', 'meta', 'h1', 'main', 'nav'];
const html = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom(...TAGS).map((t) => `<${t} class="price">`),
      fc.constantFrom(...TAGS).map((t) => `</${t}>`),
      fc.constantFrom(
        '<script type="application/ld+json">{"@type":"Product","offers":{"price":',
        '<script type="application/ld+json">[{"@graph":[{"@type":["Product"],"offers":[{"@type":"AggregateOffer","offers":{"@id":"#o"}}]}]}]</script>',
        '<div itemscope itemtype="http://schema.org/Product"><span itemprop="offers" itemscope>',
        '<meta property="product:price:amount" content="1,2.3.4">',
        '$1,299.00',
        '1.299,00 €',
        'Sold out',
        'In stock',
        '<link rel="canonical" href="::not a url">',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('extractProduct robustness', () => {
  it('never throws, whatever the HTML and URL', () => {
    fc.assert(
      fc.property(html, fc.oneof(fc.webUrl(), fc.string({ maxLength: 20 })), (page, url) => {
        const result = extractProduct(page, url);
        expect(result.confidence).toBeGreaterThanOrEqual(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        if (result.offer) expect(result.offers).toContainEqual(result.offer);
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(html, (page) => {
        expect(extractProduct(page, 'https://shop.example/p')).toEqual(
          extractProduct(page, 'https://shop.example/p'),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('resolves @id cycles without looping', () => {
    const cyclic = `<script type="application/ld+json">{"@graph":[
      {"@type":"Product","@id":"#p","name":"Loop","offers":{"@id":"#o"}},
      {"@type":"AggregateOffer","@id":"#o","offers":[{"@id":"#o"}]}]}</script>`;
    expect(() => extractProduct(cyclic, 'https://shop.example/p')).not.toThrow();
  });
});
