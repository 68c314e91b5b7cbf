/** A sandbox product as `GET /_control/products/{sku}` returns it (the fields a feed carries). */
interface SandboxProduct {
  sku: string;
  name: string;
  gtin13: string;
  price_cents: number;
  currency: string;
  availability: string;
  url: string;
  image_url: string;
}

const PURCHASABLE = new Set(['in_stock', 'limited', 'preorder', 'backorder']);

/**
 * The ACP product feed (acp/2026-04-17 schema.feed.json) a sandbox shop would publish for its
 * `skus`: one product, one variant each, with its barcode, price, stock and page, read from the
 * shop's control API. What `intent-server catalog import FILE --format acp` takes.
 */
export async function sandboxFeed(shopUrl: string, skus: string[]): Promise<string> {
  const products = await Promise.all(
    skus.map(async (sku) => {
      const res = await fetch(`${shopUrl}/_control/products/${encodeURIComponent(sku)}`);
      if (!res.ok) throw new Error(`no product ${sku} at ${shopUrl}: HTTP ${res.status}`);
      const product = (await res.json()) as SandboxProduct;
      return {
        id: product.sku,
        title: product.name,
        url: product.url,
        variants: [
          {
            id: product.sku,
            title: product.name,
            url: product.url,
            barcodes: [{ type: 'GTIN', value: product.gtin13 }],
            price: { amount: product.price_cents, currency: product.currency },
            availability: {
              available: PURCHASABLE.has(product.availability),
              status: product.availability === 'limited' ? 'limited_stock' : product.availability,
            },
            media: [{ type: 'image', url: product.image_url }],
          },
        ],
      };
    }),
  );
  return JSON.stringify({ products }, null, 2);
}
