import { missingDetails, type MissingDetail } from './buyer-details';
import { PURCHASABLE } from './catalog';
import { mulDivHalfUp } from './money';
import type { OrderTotals, Product, Session } from './types';

/** Tax: 8.25 % of the items subtotal, rounded half up (shipping is not taxed). */
export const TAX_RATE = { numerator: 825, denominator: 10_000, decimal: 0.0825 };
/** Standard shipping is free when the items subtotal is at least this (100.00 in the currency). */
export const FREE_SHIPPING_MIN = 10_000;

export interface ShippingOption {
  id: string;
  title: string;
  description: string;
  carrier: string;
  amount: (subtotal: number) => number;
  days: [number, number];
}

export const SHIPPING_OPTIONS: ShippingOption[] = [
  {
    id: 'ship_standard',
    title: 'Standard shipping',
    description: 'Arrives in 3-5 business days. Free on orders of 100.00 or more.',
    carrier: 'USPS',
    amount: (subtotal) => (subtotal >= FREE_SHIPPING_MIN ? 0 : 599),
    days: [3, 5],
  },
  {
    id: 'ship_express',
    title: 'Express shipping',
    description: 'Arrives in 1-2 business days.',
    carrier: 'UPS',
    amount: () => 1499,
    days: [1, 2],
  },
];
export const DEFAULT_SHIPPING = 'ship_standard';

export type LineProblem =
  | { code: 'not_found' | 'out_of_stock' | 'quantity_exceeded' | 'unsupported'; content: string }
  | undefined;

export interface QuoteLine {
  index: number;
  sku: string;
  quantity: number;
  product: Product | undefined;
  unit_amount: number;
  quoted_unit_amount: number;
  base: number;
  tax: number;
  problem: LineProblem;
}

export interface Quote {
  lines: QuoteLine[];
  totals: OrderTotals;
  option: ShippingOption;
  /** Buyer details a product requires that the session lacks. */
  missing: MissingDetail[];
  ready: boolean;
}

function problemOf(product: Product | undefined, quantity: number, currency: string): LineProblem {
  if (!product) return { code: 'not_found', content: 'This item is no longer sold.' };
  if (product.currency.toLowerCase() !== currency) {
    return { code: 'unsupported', content: `${product.name} is not sold in ${currency}.` };
  }
  if (!PURCHASABLE[product.availability]) {
    const why = product.availability === 'discontinued' ? 'discontinued' : 'out of stock';
    return { code: 'out_of_stock', content: `${product.name} is ${why}.` };
  }
  if (product.stock_quantity !== null && quantity > product.stock_quantity) {
    return {
      code: 'quantity_exceeded',
      content: `Only ${product.stock_quantity} of ${product.name} left; lower the quantity.`,
    };
  }
  return undefined;
}

/** Prices a session against the catalog as it is now (prices are never frozen at create). */
export function quote(session: Session, products: Map<string, Product>): Quote {
  const lines: QuoteLine[] = session.lines.map((line, index) => {
    const product = products.get(line.sku);
    const unit = product?.price_cents ?? line.quoted_unit_amount;
    return {
      index,
      sku: line.sku,
      quantity: line.quantity,
      product,
      unit_amount: unit,
      quoted_unit_amount: line.quoted_unit_amount,
      base: unit * line.quantity,
      tax: 0,
      problem: problemOf(product, line.quantity, session.currency),
    };
  });
  const itemsBase = lines.reduce((sum, l) => sum + l.base, 0);
  const subtotal = itemsBase;
  const tax = mulDivHalfUp(subtotal, TAX_RATE.numerator, TAX_RATE.denominator);
  allocate(tax, lines);
  const option =
    SHIPPING_OPTIONS.find((o) => o.id === session.selected_option_id) ?? SHIPPING_OPTIONS[0]!;
  const fulfillment = option.amount(subtotal);
  const missing = missingDetails(
    session,
    lines.map((line) => line.product),
  );
  return {
    lines,
    option,
    totals: {
      items_base_amount: itemsBase,
      subtotal,
      fulfillment,
      tax,
      total: subtotal + fulfillment + tax,
    },
    missing,
    ready: lines.every((l) => l.problem === undefined) && missing.length === 0,
  };
}

/** Splits the cart tax over the lines by base amount; the last line takes the remainder. */
function allocate(tax: number, lines: QuoteLine[]): void {
  const total = lines.reduce((sum, l) => sum + l.base, 0);
  let left = tax;
  lines.forEach((line, i) => {
    line.tax =
      i === lines.length - 1 ? left : total === 0 ? 0 : Math.floor((tax * line.base) / total);
    left -= line.tax;
  });
}
