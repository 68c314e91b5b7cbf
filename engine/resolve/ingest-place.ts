import type { EngineContext } from '../context';
import type { StoreTx } from '../ports';
import type { FacilityDoc, PlaceFacts, VenueDoc } from '../schemas/catalog';
import { afterCommit } from '../store/after-commit';
import { canonicalJson } from '../util/canonical-json';
import { isoTime } from '../util/time';
import type { FacilityKind } from '../vocabulary';
import { catalogIndexOf } from './catalog-index';
import { placeKey } from './place-index';

/** A venue or facility as an import row gives it (checked by the importer). */
export type PlaceSighting = PlaceFacts;

/** How a re-import finds a place: the provider's own id, else what it is and where. */
export function placeMatchKey(place: PlaceSighting): string {
  const provider = placeKey(place.provider);
  if (place.external_id) return `${provider}|id:${place.external_id}`;
  return [provider, place.name, place.address, place.city, place.country].map(placeKey).join('|');
}

type Kind = 'venue' | 'facility';

async function recordPlace<T extends VenueDoc | FacilityDoc>(
  tx: StoreTx,
  ctx: EngineContext,
  kind: Kind,
  fields: PlaceSighting & { kinds?: FacilityKind[] },
): Promise<{ outcome: 'created' | 'matched'; doc: T }> {
  const table = kind === 'venue' ? 'venues' : 'facilities';
  const idField = kind === 'venue' ? 'venue_id' : 'facility_id';
  const matchKey = placeMatchKey(fields);
  const [found] = await tx.query<T>(table, { index: 'by_match', prefix: [matchKey], limit: 1 });
  const now = isoTime(ctx.clock.now());
  const doc = {
    [idField]: found?.[idField] ?? ctx.ids.next(kind === 'venue' ? 'ven' : 'fac'),
    ...fields,
    match_key: matchKey,
    created_at: found?.created_at ?? now,
    updated_at: found?.updated_at ?? now,
  } as T;
  if (found && canonicalJson(found) === canonicalJson(doc)) return { outcome: 'matched', doc };
  const stored = { ...doc, updated_at: now };
  await tx.put(table, stored);
  return { outcome: found ? 'matched' : 'created', doc: stored };
}

/** Creates or updates a venue (matched as `placeMatchKey` says); unchanged, nothing is written. */
export async function recordVenue(tx: StoreTx, ctx: EngineContext, venue: PlaceSighting) {
  const { outcome, doc } = await recordPlace<VenueDoc>(tx, ctx, 'venue', venue);
  afterCommit(tx, () => catalogIndexOf(ctx).committed.venue(doc));
  return outcome;
}

/** Creates or updates an appointment facility; unchanged, nothing is written. */
export async function recordFacility(
  tx: StoreTx,
  ctx: EngineContext,
  facility: PlaceSighting & { kinds: FacilityKind[] },
) {
  const { outcome, doc } = await recordPlace<FacilityDoc>(tx, ctx, 'facility', {
    ...facility,
    kinds: [...new Set(facility.kinds)].sort(),
  });
  afterCommit(tx, () => catalogIndexOf(ctx).committed.facility(doc));
  return outcome;
}
