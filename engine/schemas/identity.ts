import { z } from './zod';
import type { BuyerDetails } from '../ports';
import { ADDRESS_PARTS, IDENTITY_FIELDS, type IdentityField } from '../vocabulary';

const part = (max: number) => z.string().trim().min(1).max(max);

export const ShippingAddress = z
  .strictObject({
    line1: part(200),
    line2: part(200).optional(),
    city: part(100),
    state: part(100).optional(),
    postal_code: part(20),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code in upper case, e.g. US' }),
  })
  .openapi('ShippingAddress');

/** Each field an identity action may ask for, and the shape its answer must have. */
export const IDENTITY_SHAPES = {
  name: part(200),
  email: z.email({ error: 'must be an email address' }).max(254),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'must be a phone number, e.g. +1 555 010 0199' }),
  shipping_address: ShippingAddress,
} satisfies Record<IdentityField, z.ZodType>;

/** `user_action.data` of an identity answer (every field optional here; resume checks those asked). */
export const IdentityData = z
  .strictObject({
    name: IDENTITY_SHAPES.name.optional(),
    email: IDENTITY_SHAPES.email.optional(),
    phone: IDENTITY_SHAPES.phone.optional(),
    shipping_address: ShippingAddress.optional(),
  })
  .openapi('IdentityData', {
    description: `The details asked for in next_action.fields (${IDENTITY_FIELDS.join(', ')}; shipping_address has ${ADDRESS_PARTS.join(', ')}, line2 and state optional). Kept with the intent for its later attempts; never returned, logged or written into events.`,
  });

/** The buyer details kept with an intent (IntentDoc.identity). */
export type IdentityDetails = BuyerDetails;
