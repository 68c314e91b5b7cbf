import { z } from 'zod';
import { FACILITY_KINDS, type FacilityKind, type PlaceSighting } from '../../engine/index';
import { issueOf, number, text } from './row-fields';

/** A venue row of a JSON or CSV import: who takes the booking, what and where it is. */
const PlaceRow = z
  .object({
    provider: text(100),
    name: text(300),
    address: text(500),
    city: text(100),
    region: text(100).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 code such as US')
      .transform((code) => code.toUpperCase()),
    lat: number.pipe(z.number().min(-90).max(90)),
    lng: number.pipe(z.number().min(-180).max(180)),
    external_id: text(200).optional(),
  })
  .strict();

/** Kinds as a JSON list, or in a CSV cell separated by `;` or `|`. */
const kinds = z
  .union([z.array(z.string()), z.string().transform((cell) => cell.split(/[;|]/))])
  .transform((list) => list.map((kind) => kind.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(FACILITY_KINDS, { error: `not one of ${FACILITY_KINDS.join(', ')}` }))
      .min(1, 'at least one kind'),
  );

const FacilityRow = PlaceRow.extend({ kinds }).strict();

function place(row: z.infer<typeof PlaceRow>): PlaceSighting {
  return {
    provider: row.provider,
    name: row.name,
    address: row.address,
    city: row.city,
    region: row.region ?? null,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    external_id: row.external_id ?? null,
  };
}

export function venueSighting(value: unknown): PlaceSighting | { reason: string } {
  const parsed = PlaceRow.safeParse(value);
  return parsed.success ? place(parsed.data) : { reason: issueOf(parsed.error) };
}

export function facilitySighting(
  value: unknown,
): (PlaceSighting & { kinds: FacilityKind[] }) | { reason: string } {
  const parsed = FacilityRow.safeParse(value);
  if (!parsed.success) return { reason: issueOf(parsed.error) };
  return { ...place(parsed.data), kinds: parsed.data.kinds };
}
