/** Builders for small product pages used by the focused extraction tests. */

export interface OfferSpec {
  sku: string;
  price: number | string;
  currency?: string;
  availability?: string;
  name?: string;
  url?: string;
}

export function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}

/** A JSON-LD Product with one Offer per spec (the Shopify shape). */
export function productWithOffers(name: string, offers: OfferSpec[]): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: offers.map((o) => ({
      '@type': 'Offer',
      sku: o.sku,
      price: o.price,
      priceCurrency: o.currency ?? 'USD',
      availability: o.availability ?? 'https://schema.org/InStock',
      ...(o.name ? { name: o.name } : {}),
      ...(o.url ? { url: o.url } : {}),
    })),
  };
}

/** A page with the usual chrome around `main`. */
export function page(main: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}</head>
<body><header class="site-header"><nav><a href="/sale">Sale from $5</a></nav></header>
<main>${main}</main><footer class="site-footer">© Shop</footer></body></html>`;
}
