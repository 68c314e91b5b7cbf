import { describe, expect, it } from 'vitest';
import { FACILITY_KINDS } from '../../engine/index';
import { createCityGazetteer } from '../../server/catalog/gazetteer';
import { testApi } from '../support/api';
import { place, pointAt } from '../support/catalog';

const gazetteer = createCityGazetteer();
const CHICAGO = { lat: 41.8781, lng: -87.6298 };

type Api = Awaited<ReturnType<typeof testApi>>;
const resolve = (api: Api, body: unknown) =>
  api.call('POST', '/v1/resolve/appointment-facilities', { body });
const names = (res: { body: { candidates: { name: string }[] } }) =>
  res.body.candidates.map((c) => c.name);

async function seeded() {
  const api = await testApi({ resolve: { gazetteer } });
  const office = (name: string, kinds: (typeof FACILITY_KINDS)[number][], extra = {}) => ({
    ...place({ name, city: 'Chicago', region: 'IL', provider: 'usps', ...CHICAGO, ...extra }),
    kinds,
  });
  await api.engine.catalog.importFacilities([
    office('Chicago Passport Agency', ['passport'], {
      provider: 'us_state_department',
      ...pointAt(CHICAGO, 0.5, 45),
    }),
    office('Loop Station Post Office', ['passport'], pointAt(CHICAGO, 2, 200)),
    office('Evanston Post Office', ['passport'], { city: 'Evanston', ...pointAt(CHICAGO, 12, 0) }),
    office('Chicago Loop Driver Services', ['dmv', 'national_id'], {
      provider: 'il_sos',
      ...pointAt(CHICAGO, 1, 90),
    }),
    office('Toronto Passport Office', ['passport'], {
      city: 'Toronto',
      region: 'ON',
      country: 'CA',
      provider: 'service_canada',
      lat: 43.65,
      lng: -79.38,
    }),
  ]);
  return api;
}

describe('POST /v1/resolve/appointment-facilities', () => {
  it('lists the facilities of a kind in a city by name: 200, score 1, no distance', async () => {
    const api = await seeded();
    const res = await resolve(api, { kind: 'passport', location: { city: 'chicago' } });
    expect(res.status).toBe(200);
    expect(res.body.request_id).toMatch(/^req_/);
    expect(names(res)).toEqual(['Chicago Passport Agency', 'Loop Station Post Office']);
    expect(res.body.candidates[0]).toEqual({
      facility_id: expect.stringMatching(/^fac_/),
      kinds: ['passport'],
      provider: 'us_state_department',
      name: 'Chicago Passport Agency',
      address: '1 Main St',
      city: 'Chicago',
      region: 'IL',
      country: 'US',
      lat: expect.any(Number),
      lng: expect.any(Number),
      distance_miles: null,
      score: 1,
    });
  });

  it('lists them nearest first around a point, scored by closeness, within the radius', async () => {
    const api = await seeded();
    const res = await resolve(api, {
      kind: 'passport',
      location: { ...CHICAGO, radius_miles: 12 },
    });
    expect(names(res)).toEqual([
      'Chicago Passport Agency',
      'Loop Station Post Office',
      'Evanston Post Office',
    ]);
    const [near, , edge] = res.body.candidates;
    expect(near).toMatchObject({ distance_miles: 0.5, score: expect.closeTo(1 - 0.5 / 12, 4) });
    expect(edge).toMatchObject({ distance_miles: 12, score: 0 });
    const narrower = await resolve(api, {
      kind: 'passport',
      location: { ...CHICAGO, radius_miles: 11.99 },
    });
    expect(names(narrower)).not.toContain('Evanston Post Office');
  });

  it('searches around a city’s centre, by region, by country, and keeps to allowed_providers', async () => {
    const api = await seeded();
    expect(
      names(
        await resolve(api, { kind: 'passport', location: { city: 'Chicago', radius_miles: 15 } }),
      ),
    ).toHaveLength(3);
    expect(
      names(await resolve(api, { kind: 'passport', location: { region: 'IL' } })),
    ).toHaveLength(3);
    expect(
      names(await resolve(api, { kind: 'passport', country: 'CA', location: { region: 'ON' } })),
    ).toEqual(['Toronto Passport Office']);
    expect(
      names(await resolve(api, { kind: 'passport', country: 'us', location: { region: 'ON' } })),
    ).toEqual([]);
    expect(
      names(
        await resolve(api, {
          kind: 'passport',
          location: { city: 'Chicago' },
          allowed_providers: ['us_state_department'],
        }),
      ),
    ).toEqual(['Chicago Passport Agency']);
  });

  it('finds a facility by any of its kinds, and keeps to the limit', async () => {
    const api = await seeded();
    expect(
      names(await resolve(api, { kind: 'national_id', location: { city: 'Chicago' } })),
    ).toEqual(['Chicago Loop Driver Services']);
    expect(
      await resolve(api, { kind: 'passport', location: { region: 'IL' }, limit: 1 }),
    ).toMatchObject({ body: { candidates: [{ name: 'Chicago Passport Agency' }] } });
    expect(
      (await resolve(api, { kind: 'visa', location: { city: 'Chicago' } })).body.candidates,
    ).toEqual([]);
  });

  it.each<[string, unknown, string, string]>([
    ['no kind', { location: { city: 'Chicago' } }, 'parameter_missing', 'kind'],
    [
      'a kind not on the list',
      { kind: 'pasport', location: { city: 'Chicago' } },
      'parameter_invalid',
      'kind',
    ],
    ['no location', { kind: 'passport' }, 'parameter_missing', 'location'],
    [
      'lat/lng without radius_miles',
      { kind: 'passport', location: { lat: 41.8, lng: -87.6 } },
      'parameter_missing',
      'location.radius_miles',
    ],
    [
      'a country that is not a code',
      { kind: 'passport', country: 'USA', location: { city: 'Chicago' } },
      'parameter_invalid',
      'country',
    ],
    [
      'a country inside location',
      { kind: 'passport', location: { city: 'Chicago', country: 'US' } },
      'parameter_unknown',
      'location.country',
    ],
    [
      'a query (facilities are found by kind)',
      { kind: 'passport', query: 'x', location: { city: 'Chicago' } },
      'parameter_unknown',
      'query',
    ],
  ])('refuses %s: 400 %s naming %s', async (_what, body, code, param) => {
    const api = await testApi({ resolve: { gazetteer } });
    const res = await resolve(api, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('names the kinds it knows when it refuses one', async () => {
    const api = await testApi();
    const res = await resolve(api, { kind: 'pasport', location: { city: 'Chicago' } });
    for (const kind of FACILITY_KINDS) expect(res.body.error.message).toContain(`"${kind}"`);
  });
});
