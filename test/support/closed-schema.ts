/** The same OpenAPI document with every object closed: a field it does not name is an error. */
export function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (typeof value !== 'object' || value === null) return value;
  const node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)]));
  if ('properties' in node && !('additionalProperties' in node)) node.additionalProperties = false;
  return node;
}
