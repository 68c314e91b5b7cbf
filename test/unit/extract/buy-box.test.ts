import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../../engine/extract';
import { jsonLd, page, productWithOffers } from './pages';

const URL = 'https://shop.example/products/lamp';
const structured = (availability: string) =>
  jsonLd(productWithOffers('Lamp', [{ sku: 'L-1', price: '40.00', availability }]));
const stockOf = (main: string, availability = 'https://schema.org/InStock') =>
  extractProduct(page(`<h1>Lamp</h1>${main}`, structured(availability)), URL).offer?.availability;

describe('buy box against structured data', () => {
  it('takes the out-of-stock line beside the add-to-cart button over structured InStock', () => {
    const box =
      '<div class="buy"><span class="msg">Out of stock</span><button>Add to cart</button></div>';
    expect(stockOf(box)).toBe('out_of_stock');
  });

  it('takes a visible out-of-stock line when the page has no order control', () => {
    expect(stockOf('<p>$40.00</p><p>Sold out</p>')).toBe('out_of_stock');
  });

  it('keeps structured InStock when the out-of-stock line is a size in the variant picker', () => {
    const picker =
      '<div class="form"><fieldset class="sizes"><label>XL <span>Sold out</span></label></fieldset>' +
      '<button class="add-to-cart" disabled>Choose a size</button></div>';
    expect(stockOf(picker)).toBe('in_stock');
  });

  it('keeps structured InStock when the line beside an enabled button announces more stock', () => {
    const box =
      '<div class="buy"><span>More arriving soon</span><button>Add to cart</button></div>';
    expect(stockOf(box)).toBe('in_stock');
  });

  it('never turns structured OutOfStock into in stock from a page line', () => {
    const box = '<div class="buy"><span>In stock</span><button>Add to cart</button></div>';
    expect(stockOf(box, 'https://schema.org/OutOfStock')).toBe('out_of_stock');
  });
});

describe('buy box on a page without structured stock (a marketplace)', () => {
  const textStockOf = (main: string) =>
    extractProduct(page(`<h1>Lamp</h1>${main}`), URL).offer?.availability;
  const others =
    '<div class="others"><h2>Other sellers</h2><table><tr><td>Used</td><td>$31.00</td><td>Out of stock</td></tr></table></div>';

  it('reads the in-stock line beside an enabled order button, not other sellers below', () => {
    const box =
      '<div class="buy"><span class="p">$40.00</span><p>In stock</p><button>Add to basket</button></div>';
    expect(textStockOf(box + others)).toBe('in_stock');
  });

  it('does not take an in-stock line beside a disabled button', () => {
    const box = '<div class="buy"><p>In stock</p><button disabled>Add to basket</button></div>';
    expect(textStockOf(box + others)).not.toBe('in_stock');
  });
});
