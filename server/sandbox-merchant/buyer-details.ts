import type { Product, Session } from './types';

/** A detail the checkout needs and the session lacks: an ACP error message `missing` at `param`. */
export interface MissingDetail {
  param: string;
  content: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * What the session's products require and the buyer has not given: a phone number (with the
 * buyer's email, which ACP's Buyer always carries), or a delivery address (with the name on it).
 */
export function missingDetails(
  session: Session,
  products: (Product | undefined)[],
): MissingDetail[] {
  const needs = new Set(products.flatMap((product) => product?.requires ?? []));
  const buyer = session.buyer ?? {};
  const delivery = session.fulfillment_details ?? {};
  const missing: MissingDetail[] = [];
  if (needs.has('phone')) {
    if (!text(buyer.email)) {
      missing.push({ param: '$.buyer.email', content: "The buyer's email is required." });
    }
    if (!text(buyer.phone_number)) {
      missing.push({
        param: '$.buyer.phone_number',
        content: 'A phone number is required: the courier calls before delivery.',
      });
    }
  }
  if (needs.has('shipping_address')) {
    if (!text(delivery.name)) {
      missing.push({
        param: '$.fulfillment_details.name',
        content: 'The name of the person receiving the delivery is required.',
      });
    }
    if (!delivery.address) {
      missing.push({
        param: '$.fulfillment_details.address',
        content: 'A shipping address is required for this item.',
      });
    }
  }
  return missing;
}
