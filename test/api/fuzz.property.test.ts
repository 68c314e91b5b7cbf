import { AsyncLocalStorage } from 'node:async_hooks';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Doc as StoreDoc, Store, StoreTx } from '../../engine/index';
import { apiStore, intentBody, testApi } from '../support/api';
import { closed } from '../support/closed-schema';

/**
 * A fuzzer over every operation of the OpenAPI document: valid requests, mutated (wrong types,
 * missing and extra fields, boundary numbers, odd Unicode, huge strings, nested junk, bad path
 * ids, bad query parameters). Whatever it sends, the API never answers 5xx; every 4xx is the
 * documented error whose `param` names a part of the request and writes nothing; every answer
 * matches the document's schema for its status.
 *
 * No intent here reaches a merchant (the engine has no fetcher), so resume and receipt are only
 * ever refused; every other operation is also accepted in a run.
 *
 * It runs on every store adapter. The seed is fixed (FUZZ_SEED to change it); FUZZ_RUNS sets the
 * number of requests, 2,000 by default (a few seconds on each store).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 15);

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/**
 * Whether a write only marks a key as used this minute (as any request may, refused or not: that
 * write is the key's, at most once a minute, not the request's).
 */
async function onlyLastUsed(tx: StoreTx, table: string, doc: StoreDoc): Promise<boolean> {
  if (table !== 'api_keys') return false;
  const before = await tx.get<StoreDoc>(table, String(doc.key_hash));
  const without = (key: StoreDoc) => ({ ...key, last_used_at: undefined });
  return before !== undefined && JSON.stringify(without(doc)) === JSON.stringify(without(before));
}

/** Counts store writes per request: the request's id travels with its async work. */
function countingStore(inner: Store, request: AsyncLocalStorage<number>, writes: number[]): Store {
  const note = (id: number | undefined) => {
    if (id !== undefined) writes[id] = (writes[id] ?? 0) + 1;
  };
  const counted = (tx: StoreTx, id: number | undefined): StoreTx => ({
    get: (table, key) => tx.get(table, key),
    query: (table, query) => tx.query(table, query),
    put: async (table, doc) => {
      if (!(await onlyLastUsed(tx, table, doc))) note(id);
      return tx.put(table, doc);
    },
    delete: (table, key) => {
      note(id);
      return tx.delete(table, key);
    },
  });
  return {
    get: (table, key) => inner.get(table, key),
    query: (table, query) => inner.query(table, query),
    transact: (work) => {
      const id = request.getStore();
      return inner.transact((tx) => work(counted(tx, id)));
    },
    close: () => inner.close(),
  };
}

// ---------- what the fuzzer sends ----------

const JUNK_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '../../etc/passwd',
  '%2F%2e%2e',
  '__proto__',
  'constructor',
  'null',
  '1e309',
  '-0',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'x'.repeat(10_000),
];
const JUNK_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
];

const junkString = fc.oneof(
  fc.constantFrom(...JUNK_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
const junkNumber = fc.oneof(fc.constantFrom(...JUNK_NUMBERS), fc.integer(), fc.double());
const junkLeaf = fc.oneof(
  junkString,
  junkNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkLeaf },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(junkString, junkLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 6 }) },
);
const junkKey = fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', ''), junkString);

type Path = (string | number)[];

/** Every path to a value inside `value` (the root excluded). */
function pathsIn(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...at, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsIn(child, path)];
  });
}

function containerAt(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let value = root;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return typeof value === 'object' && value !== null
    ? (value as Record<string | number, unknown>)
    : undefined;
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'add'; pick: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: junkValue }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), key: junkKey, value: junkValue }),
);

function mutate(body: unknown, change: Mutation): unknown {
  const copy = structuredClone(body);
  const paths = pathsIn(copy);
  if (change.kind === 'add') {
    const objects = [[], ...paths].filter((p) => {
      const at = containerAt(copy, p);
      return at !== undefined && !Array.isArray(at);
    });
    const target = containerAt(copy, objects[change.pick % objects.length] ?? []);
    if (target)
      Object.defineProperty(target, change.key, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  if (paths.length === 0) return copy;
  const path = paths[change.pick % paths.length]!;
  const parent = containerAt(copy, path.slice(0, -1));
  const last = path.at(-1)!;
  if (!parent) return copy;
  if (change.kind === 'replace') parent[last] = change.value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

// ---------- what the fuzzer checks ----------

/** A body path written as the API names it: `a.b[0].c`. */
const rendered = (path: Path) =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : String(part),
    '',
  );

/**
 * Whether `param` names a part of the request: a header, a query or path parameter, or a place in the
 * body — a field that is there, or a missing field (a plain name) of an object that is. (Keys
 * may hold dots and brackets themselves, so the body's paths are written out and compared.)
 */
function paramExists(param: string, request: Sent): boolean {
  if (request.query.has(param) || request.pathParams.includes(param)) return true;
  if (Object.keys(request.headers).includes(param)) return true;
  const body = request.body;
  if (typeof body !== 'object' || body === null) return false;
  const paths = pathsIn(body);
  if (paths.some((path) => rendered(path) === param)) return true;
  const objects = [[], ...paths].filter((path) => {
    const at = containerAt(body, path);
    return at !== undefined && !Array.isArray(at);
  });
  return objects.some((path) => {
    const prefix = path.length ? `${rendered(path)}.` : '';
    return param.startsWith(prefix) && /^[a-z_]+$/.test(param.slice(prefix.length));
  });
}

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  pathParams: string[];
  headers: Record<string, string>;
  body?: unknown;
  raw?: string;
}

describe('the API under generated requests', () => {
  it(`never answers 5xx, refuses with a documented error naming the request, and writes nothing when it refuses (${RUNS} requests)`, async () => {
    const request = new AsyncLocalStorage<number>();
    const writes: number[] = [];
    const api = await testApi({ store: countingStore(await apiStore(), request, writes) });
    const docRes = await api.call('GET', '/v1/openapi.json', { key: null });
    const doc = closed(docRes.body) as OpenApiDoc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'api', components: doc.components });
    const validators = new Map<string, (body: unknown) => unknown[]>();
    const validatorFor = (key: string, schema: Schema) => {
      let validate = validators.get(key);
      if (!validate) {
        const rooted = JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/'),
        ) as Schema;
        const check = ajv.compile(rooted);
        validate = (body) => (check(body) ? [] : (check.errors ?? []));
        validators.set(key, validate);
      }
      return validate;
    };

    // Who calls: the test key mostly, sometimes a read-only or a live key, none or a wrong one.
    const keys = {
      test: api.key,
      readOnly: (await api.engine.keys.create('acme', false, { readOnly: true })).key,
      live: (await api.engine.keys.create('acme', true)).key,
      none: null,
      wrong: 'sk_test_not_a_key',
    };

    // Things that exist, for the valid requests to name.
    const intents: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await api.call('POST', '/v1/intents', { body: intentBody() });
      intents.push(created.body.intent_id);
    }
    const hook = await api.call('POST', '/v1/webhook_endpoints', {
      body: { url: 'http://127.0.0.1:9/hooks' },
    });
    await api.call('POST', '/v1/inventory_levels', {
      body: { sku: 'paper', quantity: 40, location: 'north' },
    });
    const events = await api.call('GET', '/v1/events');
    const eventIds = (events.body.data ?? events.body.events ?? []).map(
      (e: { id?: string; event_id?: string }) => e.id ?? e.event_id,
    );
    const validIds: Record<string, string[]> = {
      intent_id: intents,
      webhook_endpoint_id: [hook.body.id],
      event_id: eventIds.length ? eventIds : ['evt_none'],
      sku: ['paper'],
    };
    const bodies: Record<string, unknown> = {
      'POST /v1/intents': intentBody(),
      'POST /v1/intents/{intent_id}/cancel': { cancellation_reason: 'found it elsewhere' },
      'POST /v1/intents/{intent_id}/resume': {
        user_action: { type: 'otp', completed: true, code: '000000' },
      },
      'POST /v1/inventory_levels': { sku: 'paper', quantity: 3, location: 'north' },
      'POST /v1/webhook_endpoints': {
        url: 'http://127.0.0.1:9/hooks',
        enabled_events: ['intent.succeeded'],
      },
      'PATCH /v1/webhook_endpoints/{webhook_endpoint_id}': {
        enabled_events: ['intent.succeeded'],
        status: 'enabled',
      },
      'POST /v1/resolve/products': {
        query: 'norvik aero',
        identifiers: { gtin: '036000291452', mpn: 'NV-A5' },
        allowed_merchants: ['shop.example.com'],
        limit: 5,
      },
      'POST /v1/resolve/venues': {
        query: 'harbor',
        location: { lat: 30.27, lng: -97.74, radius_miles: 5 },
        allowed_providers: ['resy'],
        limit: 5,
      },
      'POST /v1/resolve/appointment-facilities': {
        kind: 'passport',
        country: 'US',
        location: { city: 'Austin' },
        limit: 5,
      },
    };

    // What a successful request made can be named by the next ones (deletes and cancels use up
    // the first few).
    const remember = (operation: string, body: Record<string, string>) => {
      if (operation === 'POST /v1/intents') validIds.intent_id!.push(body.intent_id!);
      if (operation === 'POST /v1/webhook_endpoints') validIds.webhook_endpoint_id!.push(body.id!);
      if (operation.endsWith('/test')) validIds.event_id!.push(body.event_id!);
    };

    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        op,
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const exercised = new Map<string, number>();
    let sent = 0;
    const statuses = new Map<string, number>();
    let writingSuccesses = 0;
    const answers = new Map<string, number>();

    const validQueryValue = (param: Parameter): fc.Arbitrary<string> => {
      const schema = param.schema ?? {};
      if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map(String));
      if (schema.type === 'integer') return fc.integer({ min: 1, max: 100 }).map(String);
      if (schema.format === 'date-time') return fc.constant('2026-01-01T00:00:00Z');
      return fc.constantFrom(...Object.values(validIds).flat(), 'intent.created');
    };

    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const pick = g(() => fc.constantFrom(...operations.map((o) => o.id)));
        const operation = operations.find((o) => o.id === pick)!;
        const params = operation.op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
        let url = operation.path;
        for (const name of pathParams) {
          const value = g(() =>
            fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(...(validIds[name] ?? ['x'])) },
              { weight: 1, arbitrary: junkString.filter((s) => s.length > 0) },
            ),
          );
          url = url.replace(`{${name}}`, encodeURIComponent(value.toWellFormed()));
        }
        const query = new URLSearchParams();
        for (const param of params.filter((p) => p.in === 'query')) {
          const choice = g(() =>
            fc.constantFrom(
              'absent',
              'absent',
              'absent',
              'absent',
              'valid',
              'valid',
              'valid',
              'junk',
            ),
          );
          if (choice === 'valid')
            query.set(
              param.name,
              g(() => validQueryValue(param)),
            );
          if (choice === 'junk')
            query.set(
              param.name,
              g(() => junkString),
            );
        }
        if (g(() => fc.integer({ min: 0, max: 7 })) === 0) {
          query.set(
            g(() => junkKey.filter((k) => k.length > 0)),
            g(() => junkString),
          );
        }
        const seed = bodies[operation.id] ?? (operation.op.requestBody ? {} : undefined);
        let body: unknown = seed;
        let raw: string | undefined;
        const shape = g(() =>
          fc.constantFrom('valid', 'mutated', 'mutated', 'mutated', 'junk', 'raw'),
        );
        if (shape === 'mutated' && body !== undefined) {
          for (const change of g(() => fc.array(mutation, { minLength: 1, maxLength: 3 })))
            body = mutate(body, change);
        }
        if (shape === 'junk' && operation.method !== 'GET') body = g(() => junkValue);
        if (shape === 'raw' && operation.method !== 'GET') {
          raw = g(() => fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{}}', '\u0000'));
          body = undefined;
        }
        if (operation.method === 'GET' || operation.method === 'DELETE') body = undefined;

        const contentType = g(() =>
          fc.oneof(
            { weight: 7, arbitrary: fc.constant('application/json') },
            {
              weight: 1,
              arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain'),
            },
          ),
        );
        const auth = g(() =>
          fc.constantFrom<keyof typeof keys>(
            ...Array(10).fill('test'),
            'readOnly',
            'live',
            'none',
            'wrong',
          ),
        );
        const extraHeaders: Record<string, string> = {};
        if (g(() => fc.integer({ min: 0, max: 5 })) === 0) {
          const key = g(() => fc.oneof(fc.uuid(), junkString));
          extraHeaders['Idempotency-Key'] = key.toWellFormed().replace(/[^\x20-\x7e]/g, '?');
        }
        const search = query.toString();
        const id = sent++;
        const res = await request.run(id, () =>
          api.call(operation.method, `${url}${search ? `?${search}` : ''}`, {
            body,
            raw,
            headers: { 'Content-Type': contentType, ...extraHeaders },
            key: keys[auth],
          }),
        );
        exercised.set(operation.id, (exercised.get(operation.id) ?? 0) + 1);
        const family = `${String(res.status)[0]}xx`;
        statuses.set(family, (statuses.get(family) ?? 0) + 1);
        const answer = `${operation.id} ${res.status}`;
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        if (res.status < 300 && writes[id]) writingSuccesses++;
        if (res.status < 300) remember(operation.id, res.body);
        const what = `${operation.method} ${url}?${search} ${raw ?? JSON.stringify(body)?.slice(0, 500)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 500)}`;

        expect(res.status, what).toBeLessThan(500);
        const documented = operation.op.responses[String(res.status)];
        expect(documented, `undocumented status: ${what}`).toBeDefined();
        const schema = documented!.content?.['application/json']?.schema;
        if (schema && res.body !== null) {
          const problems = validatorFor(`${operation.id} ${res.status}`, schema)(res.body);
          expect(problems, `body does not match the document: ${what}`).toEqual([]);
        }
        if (res.status >= 400) {
          expect(
            validatorFor('Error', { $ref: '#/components/schemas/Error' })(res.body),
            what,
          ).toEqual([]);
          const param = res.body.error.param as string | null;
          if (param !== null && param !== undefined) {
            expect(
              paramExists(param, {
                method: operation.method,
                path: url,
                query,
                pathParams,
                headers: extraHeaders,
                body,
              }),
              `param ${param} is not in the request: ${what}`,
            ).toBe(true);
          }
          expect(writes[id] ?? 0, `a refused request wrote: ${what}`).toBe(0);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    expect([...exercised.keys()].sort()).toEqual(operations.map((o) => o.id).sort());
    // The run proves something only if it was both accepted and refused, and saw writes.
    expect(statuses.get('2xx')).toBeGreaterThan(RUNS / 20);
    expect(statuses.get('4xx')).toBeGreaterThan(RUNS / 4);
    expect(writingSuccesses).toBeGreaterThan(0);
    if (process.env.FUZZ_RUNS) console.log(Object.fromEntries([...answers].sort()), statuses);
  }, 600_000);
});
