import { acpLines, UnreadableFile, type SourceRows } from './read-rows';

/**
 * The ACP product feed (acp/2026-04-17 schema.feed.json: `{"products": [Product]}` or a list of
 * Product) as product rows: one per variant, which is what an offer is (its own barcode, price,
 * stock and page). ACP says no brand or MPN; the merchant is the host of the variant's (else the
 * product's) URL.
 */
export function acpRows(text: string): SourceRows {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch (error) {
    throw new UnreadableFile(`The ACP feed is not JSON (${(error as Error).message}).`);
  }
  const inArray = Array.isArray(feed);
  const products = inArray ? feed : (feed as { products?: unknown } | null)?.products;
  if (!Array.isArray(products))
    throw new UnreadableFile('An ACP feed is {"products": [...]} or a list of products.');
  const lineOf = acpLines(text);
  const result: SourceRows = { rows: [], unreadable: [] };
  products.forEach((product: AcpProduct, p) => {
    const variants = Array.isArray(product?.variants) ? product.variants : [];
    if (variants.length === 0)
      result.unreadable.push({ line: lineOf(p, 0, inArray), reason: 'a product with no variants' });
    variants.forEach((variant, v) => {
      result.rows.push({ line: lineOf(p, v, inArray), value: rowOf(product, variant) });
    });
  });
  return result;
}

interface AcpPrice {
  amount?: number;
  currency?: string;
}
interface AcpVariant {
  id?: string;
  title?: string;
  url?: string;
  barcodes?: { type?: string; value?: string }[];
  price?: AcpPrice;
  availability?: { available?: boolean; status?: string };
  categories?: { value?: string }[];
  media?: { type?: string; url?: string }[];
}
interface AcpProduct {
  id?: string;
  title?: string;
  url?: string;
  media?: { type?: string; url?: string }[];
  variants?: AcpVariant[];
}

/** ACP's known availability statuses as ours; its list is extensible (others: `available`). */
const STATUS: Record<string, string> = {
  in_stock: 'in_stock',
  limited_stock: 'limited',
  backorder: 'backorder',
  preorder: 'preorder',
  out_of_stock: 'out_of_stock',
  discontinued: 'discontinued',
};

function rowOf(product: AcpProduct, variant: AcpVariant): Record<string, unknown> {
  const barcode = variant.barcodes?.find((b) => /^(gtin|upc|ean)/i.test(b.type ?? ''))?.value;
  const image = [...(variant.media ?? []), ...(product.media ?? [])].find(
    (m) => (m.type ?? 'image') === 'image',
  )?.url;
  const status = variant.availability?.status;
  const available = variant.availability?.available;
  const row: Record<string, unknown> = {
    name: variant.title ?? product.title,
    gtin: barcode,
    sku: variant.id,
    image,
    category: variant.categories?.[0]?.value,
    url: variant.url ?? product.url,
    price_cents: variant.price?.amount,
    currency: variant.price?.currency,
    availability:
      (status && STATUS[status]) ??
      (available === undefined ? undefined : available ? 'in_stock' : 'out_of_stock'),
  };
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}
