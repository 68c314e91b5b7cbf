import Ajv2020 from 'ajv/dist/2020';

/** The same OpenAPI document with every object closed: a field it does not name is an error. */
export function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (typeof value !== 'object' || value === null) return value;
  const node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)]));
  if ('properties' in node && !('additionalProperties' in node)) node.additionalProperties = false;
  return node;
}

/**
 * Checks bodies against a component schema of the API's own OpenAPI document, every object
 * closed; returns the problems found (none: the body matches).
 */
export async function openApiValidator(fetch: (request: Request) => Response | Promise<Response>) {
  const res = await fetch(new Request('http://engine/v1/openapi.json'));
  const doc = closed(await res.json()) as { components: unknown };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'api', components: doc.components });
  return (name: string, body: unknown): string[] => {
    const check = ajv.getSchema(`api#/components/schemas/${name}`)!;
    return check(body)
      ? []
      : (check.errors ?? []).map((e) => `${name}${e.instancePath} ${e.message}`);
  };
}
