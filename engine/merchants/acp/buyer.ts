import type { BuyerDetails } from '../../ports';
import type { IdentityField } from '../../vocabulary';

/**
 * The ACP 2026-04-17 request fields for a buyer's details: `buyer` (ACP's Buyer always carries an
 * email, so it is sent only with one) and `fulfillment_details` (name, phone, email, address).
 */
export function acpBuyerFields(details: BuyerDetails | null | undefined) {
  if (!details) return {};
  const { name, email, phone, shipping_address: address } = details;
  const buyer = email
    ? {
        email,
        ...(name ? { full_name: name } : {}),
        ...(phone ? { phone_number: phone } : {}),
      }
    : null;
  const fulfillment = {
    ...(name ? { name } : {}),
    ...(phone ? { phone_number: phone } : {}),
    ...(email ? { email } : {}),
    ...(address
      ? {
          address: {
            name: name ?? '',
            line_one: address.line1,
            ...(address.line2 ? { line_two: address.line2 } : {}),
            city: address.city,
            state: address.state ?? '',
            country: address.country,
            postal_code: address.postal_code,
          },
        }
      : {}),
  };
  return {
    ...(buyer ? { buyer } : {}),
    ...(Object.keys(fulfillment).length > 0 ? { fulfillment_details: fulfillment } : {}),
  };
}

/** Which of our identity fields an ACP `missing` message's JSONPath names. */
const FIELD_OF_PARAM: [RegExp, IdentityField][] = [
  [/^\$\.(buyer|fulfillment_details)\.email/, 'email'],
  [/^\$\.(buyer|fulfillment_details)\.phone_number/, 'phone'],
  [/^\$\.fulfillment_details\.address/, 'shipping_address'],
  [/^\$\.(buyer\.(full_name|first_name|last_name)|fulfillment_details\.name)/, 'name'],
];

export function identityFieldOf(code: string, param: unknown): IdentityField | undefined {
  if (code !== 'missing' || typeof param !== 'string') return undefined;
  return FIELD_OF_PARAM.find(([pattern]) => pattern.test(param))?.[1];
}
