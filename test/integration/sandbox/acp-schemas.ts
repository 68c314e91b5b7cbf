import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Ajv (draft 2020-12) validators for the ACP 2026-04-17 OpenAPI component schemas.
 * `#/components/schemas/X` refs are rewritten to `#/$defs/X` so one document holds them all.
 */
const dir = (name: string) => fileURLToPath(new URL(`./acp-2026-04-17/${name}`, import.meta.url));

type Json = Record<string, unknown>;

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node as Json).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string'
          ? v.replace('#/components/schemas/', '#/$defs/')
          : rewriteRefs(v),
      ]),
    );
  }
  return node;
}

function openApiDefs(file: string): Json {
  const doc = parse(readFileSync(dir(file), 'utf8')) as { components: { schemas: Json } };
  return rewriteRefs(doc.components.schemas) as Json;
}

function newAjv() {
  // strict: false — the spec carries OpenAPI-only keywords (example, nullable) Ajv would reject.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

export const checkoutDefs = openApiDefs('openapi.agentic_checkout.yaml');
export const delegateDefs = openApiDefs('openapi.delegate_payment.yaml');

/**
 * Spec defect, patched in memory only: in the OpenAPI file CheckoutSessionWithOrder is
 * allOf[CheckoutSessionBase (additionalProperties: false, no `order`), {order}], so no object with
 * an `order` can ever be valid. The JSON Schema bundle of the same version lists `order` in
 * CheckoutSessionBase.properties; we do the same (and validate against the bundle too).
 */
const base = checkoutDefs.CheckoutSessionBase as { properties: Json };
base.properties.order = { $ref: '#/$defs/Order' };

const openApiAjv = newAjv();
openApiAjv.addSchema({ $id: 'acp-checkout', $defs: checkoutDefs });
openApiAjv.addSchema({ $id: 'acp-delegate', $defs: delegateDefs });

const bundle = JSON.parse(readFileSync(dir('schema.agentic_checkout.json'), 'utf8')) as Json;
const bundleAjv = newAjv();
bundleAjv.addSchema({ ...bundle, $id: 'acp-bundle' });

const cache = new Map<string, ValidateFunction>();
function validator(ajv: typeof openApiAjv, ref: string): ValidateFunction {
  let fn = cache.get(ref);
  if (!fn) {
    fn = ajv.getSchema(ref);
    if (!fn) throw new Error(`no schema ${ref}`);
    cache.set(ref, fn);
  }
  return fn;
}

export type SchemaName = `checkout:${string}` | `delegate:${string}` | `bundle:${string}`;

/** Errors of `data` against a named schema, e.g. 'checkout:CheckoutSession'; [] when valid. */
export function schemaErrors(name: SchemaName, data: unknown): string[] {
  const [source, def] = name.split(':') as [string, string];
  const ajv = source === 'bundle' ? bundleAjv : openApiAjv;
  const id = source === 'bundle' ? 'acp-bundle' : `acp-${source}`;
  const fn = validator(ajv, `${id}#/$defs/${def}`);
  return fn(data)
    ? []
    : (fn.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
      );
}
