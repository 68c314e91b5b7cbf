import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ErrorCode } from '../errors';
import type { ApiEnv } from './env';
import { ERROR_HTTP } from './error-map';
import { ErrorBody } from './schemas';
import { z } from '../schemas/zod';
import { parseWith } from './zod-issues';

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/** Errors every authenticated endpoint can answer with (any may get an unknown query parameter). */
const COMMON_ERRORS: ErrorCode[] = [
  'authentication_required',
  'invalid_api_key',
  'parameter_unknown',
  'rate_limited',
  'internal_error',
  'service_unavailable',
];
/** Errors of every request with a body and an Idempotency-Key (writes add permission_denied). */
const POST_ERRORS: ErrorCode[] = [
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'idempotency_key_invalid',
  'idempotency_conflict',
  'idempotency_in_flight',
];
const WRITE_ERRORS: ErrorCode[] = ['permission_denied', ...POST_ERRORS];

/** An error answered at another status than its code's usual one (errors.ts missingReference). */
interface DocumentedError {
  code: ErrorCode;
  status: 400;
}

interface Endpoint<B extends Schema | undefined, Q extends Schema | undefined> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI style, relative to /v1: `/intents/{intent_id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  body?: B;
  /** False when the whole body may be omitted (cancel). */
  bodyRequired?: boolean;
  query?: Q;
  success: { status: 200 | 201; schema: Schema; description: string };
  /** Codes answered, each at its usual status (error-map.ts) or at the status given. */
  errors: (ErrorCode | DocumentedError)[];
  /** Runs on the raw body before validation, for rules that must win over field errors. */
  precheck?: (body: Record<string, unknown>) => void;
  /** Public endpoints skip authentication. */
  public?: boolean;
  /** A POST that only reads (Resolve's searches): read-only keys may call it. */
  search?: boolean;
  handle: (
    c: Context<ApiEnv>,
    input: { body: Infer<B>; query: Infer<Q>; params: Record<string, string> },
  ) => Promise<Response>;
}

export type AnyEndpoint = Endpoint<Schema | undefined, Schema | undefined>;

export const defineEndpoint = <
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  endpoint: Endpoint<B, Q>,
) => endpoint;

const NO_QUERY = z.strictObject({});

/**
 * Registers an endpoint once for both routing and the OpenAPI description; validation is ours,
 * not the wrapper's, so that every failure has the error shape of CONTRACT §4.
 */
export function mount(app: OpenAPIHono<ApiEnv>, endpoint: AnyEndpoint) {
  const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  app.openAPIRegistry.registerPath(toRoute(endpoint, params));
  const honoPath = `/v1${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
  app.on(endpoint.method.toUpperCase(), honoPath, async (c) => {
    endpoint.precheck?.(c.get('body'));
    // A write without a body schema takes no fields: any sent is unknown, as in other bodies.
    const body = endpoint.body
      ? parseWith(endpoint.body, c.get('body'))
      : endpoint.method !== 'get'
        ? (parseWith(NO_QUERY, c.get('body') ?? {}), undefined)
        : undefined;
    // An endpoint without query parameters refuses any, like unknown body fields.
    const query = endpoint.query
      ? parseWith(endpoint.query, c.req.query())
      : c.req.url.includes('?')
        ? parseWith(NO_QUERY, c.req.query())
        : undefined;
    return endpoint.handle(c, { body, query, params: c.req.param() as Record<string, string> });
  });
}

function toRoute(endpoint: AnyEndpoint, params: string[]) {
  const errors = [
    ...endpoint.errors,
    ...COMMON_ERRORS,
    ...(endpoint.search ? POST_ERRORS : endpoint.method !== 'get' ? WRITE_ERRORS : []),
  ]
    .map((error) =>
      typeof error === 'string' ? { code: error, status: ERROR_HTTP[error].status } : error,
    )
    .filter(
      ({ code }) =>
        !endpoint.public || !['authentication_required', 'invalid_api_key'].includes(code),
    );
  const byStatus = new Map<number, ErrorCode[]>();
  for (const { code, status } of errors) {
    const listed = byStatus.get(status) ?? [];
    if (!listed.includes(code)) byStatus.set(status, [...listed, code]);
  }
  const errorResponses = Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `Error codes: ${list.join(', ')}.`,
        content: { 'application/json': { schema: ErrorBody } },
      },
    ]),
  );
  return createRoute({
    method: endpoint.method,
    path: `/v1${endpoint.path}`,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: endpoint.public ? [] : [{ bearerAuth: [] }],
    request: {
      ...(params.length > 0
        ? {
            params: zodParams(params),
          }
        : {}),
      ...(endpoint.query ? { query: endpoint.query as never } : {}),
      ...(endpoint.body
        ? {
            body: {
              required: endpoint.bodyRequired ?? true,
              content: { 'application/json': { schema: endpoint.body } },
            },
          }
        : {}),
      ...(endpoint.method !== 'get' ? { headers: idempotencyHeader() } : {}),
    },
    responses: {
      [endpoint.success.status]: {
        description: endpoint.success.description,
        content: { 'application/json': { schema: endpoint.success.schema } },
      },
      ...errorResponses,
    },
  });
}

const zodParams = (names: string[]) =>
  z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().openapi({ param: { name, in: 'path' } })]),
    ),
  );

const idempotencyHeader = () =>
  z.object({
    'Idempotency-Key': z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({
        param: { name: 'Idempotency-Key', in: 'header' },
        description:
          'Replays the first 2xx response for 24 hours. 1–255 printable ASCII characters.',
      }),
  });
