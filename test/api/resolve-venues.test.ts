import { describe, expect, it } from 'vitest';
import { createCityGazetteer } from '../../server/catalog/gazetteer';
import { testApi } from '../support/api';
import { place, pointAt } from '../support/catalog';

const gazetteer = createCityGazetteer();
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

type Api = Awaited<ReturnType<typeof testApi>>;
const resolve = (api: Api, body: unknown, key?: string) =>
  api.call('POST', '/v1/resolve/venues', { body, ...(key ? { key } : {}) });
const names = (res: { body: { candidates: { name: string }[] } }) =>
  res.body.candidates.map((c) => c.name);

async function seeded() {
  const api = await testApi({ resolve: { gazetteer } });
  await api.engine.catalog.importVenues([
    place({ name: 'Harbor & Vine', ...pointAt(AUSTIN, 1, 90) }),
    place({ name: 'Harbor House', provider: 'opentable', ...pointAt(AUSTIN, 3, 180) }),
    place({ name: 'Harbor Edge', provider: 'tock', ...pointAt(AUSTIN, 5, 0) }),
    place({ name: 'Harbor Far', ...pointAt(AUSTIN, 5.01, 270) }),
    place({
      name: 'Harbor & Vine',
      city: 'Paris',
      region: 'IDF',
      country: 'FR',
      provider: 'thefork',
      lat: 48.86,
      lng: 2.347,
    }),
    place({ name: 'Harbor Paris Texas', city: 'Paris', region: 'TX', lat: 33.66, lng: -95.55 }),
    place({
      name: 'Crêperie Montréal',
      city: 'Montréal',
      region: 'QC',
      country: 'CA',
      lat: 45.5,
      lng: -73.57,
    }),
  ]);
  return api;
}

describe('POST /v1/resolve/venues', () => {
  it('finds venues by name in a city: 200 with the venue, no distance', async () => {
    const api = await seeded();
    const res = await resolve(api, { query: 'harbor vine', location: { city: 'austin' } });
    expect(res.status).toBe(200);
    expect(res.body.request_id).toMatch(/^req_/);
    expect(res.body.candidates[0]).toEqual({
      venue_id: expect.stringMatching(/^ven_/),
      provider: 'resy',
      name: 'Harbor & Vine',
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      lat: expect.any(Number),
      lng: expect.any(Number),
      distance_miles: null,
      score: 0.99,
    });
    expect(names(res)).not.toContain('Harbor Paris Texas');
  });

  it('matches the city without case or accents, and narrows a shared name by country or region', async () => {
    const api = await seeded();
    expect(
      names(await resolve(api, { query: 'creperie', location: { city: 'MONTREAL' } })),
    ).toEqual(['Crêperie Montréal']);
    const paris = { query: 'harbor' };
    expect(names(await resolve(api, { ...paris, location: { city: 'Paris' } })).sort()).toEqual([
      'Harbor & Vine',
      'Harbor Paris Texas',
    ]);
    expect(
      names(await resolve(api, { ...paris, location: { city: 'Paris', country: 'fr' } })),
    ).toEqual(['Harbor & Vine']);
    expect(
      names(await resolve(api, { ...paris, location: { city: 'Paris', region: 'tx' } })),
    ).toEqual(['Harbor Paris Texas']);
  });

  it('searches around a point: within radius_miles, its edge included, with distance_miles', async () => {
    const api = await seeded();
    const res = await resolve(api, {
      query: 'harbor',
      location: { ...AUSTIN, radius_miles: 5 },
    });
    const found = Object.fromEntries(
      res.body.candidates.map((c: { name: string; distance_miles: number }) => [
        c.name,
        c.distance_miles,
      ]),
    );
    expect(found).toEqual({ 'Harbor & Vine': 1, 'Harbor House': 3, 'Harbor Edge': 5 });
    const wider = await resolve(api, {
      query: 'harbor',
      location: { ...AUSTIN, radius_miles: 5.02 },
    });
    expect(names(wider)).toContain('Harbor Far');
    const narrow = await resolve(api, {
      query: 'harbor',
      location: { ...AUSTIN, radius_miles: 0.99 },
    });
    expect(narrow.body.candidates).toEqual([]);
  });

  it('orders venues with the same text score nearest first', async () => {
    const api = await seeded();
    const res = await resolve(api, {
      query: 'harbor',
      location: { ...AUSTIN, radius_miles: 10 },
      limit: 3,
    });
    const miles = res.body.candidates.map((c: { distance_miles: number }) => c.distance_miles);
    expect(res.body.candidates).toHaveLength(3);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('searches around a city’s centre when location.city comes with radius_miles', async () => {
    const api = await seeded();
    const res = await resolve(api, {
      query: 'harbor',
      location: { city: 'Austin', radius_miles: 2 },
    });
    expect(names(res)).toEqual(['Harbor & Vine']);
    expect(res.body.candidates[0].distance_miles).toBeCloseTo(1, 0);
  });

  it('tolerates a typo in the name and keeps to allowed_providers', async () => {
    const api = await seeded();
    expect(
      names(await resolve(api, { query: 'harbr vine', location: { city: 'Austin' } }))[0],
    ).toBe('Harbor & Vine');
    const res = await resolve(api, {
      query: 'harbor',
      location: { city: 'Austin' },
      allowed_providers: ['OpenTable', 'tock'],
    });
    expect(names(res).sort()).toEqual(['Harbor Edge', 'Harbor House']);
  });

  it('answers 200 with no candidates when nothing is there', async () => {
    const api = await seeded();
    const res = await resolve(api, { query: 'harbor', location: { city: 'Reykjavik' } });
    expect(res.status).toBe(200);
    expect(res.body.candidates).toEqual([]);
  });

  it.each<[string, unknown, string, string]>([
    ['no query', { location: { city: 'Austin' } }, 'parameter_missing', 'query'],
    ['no location', { query: 'x' }, 'parameter_missing', 'location'],
    ['an empty location', { query: 'x', location: {} }, 'parameter_missing', 'location.city'],
    [
      'lat without lng',
      { query: 'x', location: { lat: 30, radius_miles: 5 } },
      'parameter_missing',
      'location.lng',
    ],
    [
      'lng without lat',
      { query: 'x', location: { lng: -97, radius_miles: 5 } },
      'parameter_missing',
      'location.lat',
    ],
    [
      'lat/lng without radius_miles',
      { query: 'x', location: { lat: 30, lng: -97 } },
      'parameter_missing',
      'location.radius_miles',
    ],
    [
      'radius_miles 0',
      { query: 'x', location: { lat: 30, lng: -97, radius_miles: 0 } },
      'parameter_invalid',
      'location.radius_miles',
    ],
    [
      'radius_miles over 500',
      { query: 'x', location: { lat: 30, lng: -97, radius_miles: 501 } },
      'parameter_invalid',
      'location.radius_miles',
    ],
    [
      'a latitude past 90',
      { query: 'x', location: { lat: 91, lng: -97, radius_miles: 5 } },
      'parameter_invalid',
      'location.lat',
    ],
    [
      'a longitude past 180',
      { query: 'x', location: { lat: 30, lng: 181, radius_miles: 5 } },
      'parameter_invalid',
      'location.lng',
    ],
    [
      'both a city and lat/lng',
      { query: 'x', location: { city: 'Austin', lat: 30, lng: -97, radius_miles: 5 } },
      'parameter_invalid',
      'location.city',
    ],
    [
      'radius_miles alone',
      { query: 'x', location: { radius_miles: 5 } },
      'parameter_invalid',
      'location.radius_miles',
    ],
    [
      'an unknown city with radius_miles',
      { query: 'x', location: { city: 'Atlantis Prime', radius_miles: 5 } },
      'parameter_invalid',
      'location.city',
    ],
    [
      'a country that is not a code',
      { query: 'x', location: { city: 'Paris', country: 'France' } },
      'parameter_invalid',
      'location.country',
    ],
    [
      'an unknown location field',
      { query: 'x', location: { city: 'Austin', zip: '78701' } },
      'parameter_unknown',
      'location.zip',
    ],
    [
      'an empty allowed_providers',
      { query: 'x', location: { city: 'Austin' }, allowed_providers: [] },
      'parameter_invalid',
      'allowed_providers',
    ],
    [
      'limit 51',
      { query: 'x', location: { city: 'Austin' }, limit: 51 },
      'parameter_invalid',
      'limit',
    ],
  ])('refuses %s: 400 %s naming %s', async (_what, body, code, param) => {
    const api = await testApi({ resolve: { gazetteer } });
    const res = await resolve(api, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('says a radius must be greater than 0, not at least 0', async () => {
    const api = await testApi({ resolve: { gazetteer } });
    const res = await resolve(api, {
      query: 'x',
      location: { lat: 30, lng: -97, radius_miles: 0 },
    });
    expect(res.body.error.message).toBe('location.radius_miles must be greater than 0.');
  });
});
