/** The headers of a JSON body sent as text (what `c.json` sets). */
export const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/** Adds `request_id` as the last member of a serialised JSON object, without parsing it again. */
export function withRequestId(objectJson: string, requestId: string): string {
  const close = objectJson.lastIndexOf('}');
  const empty = objectJson.slice(0, close).trimEnd().endsWith('{');
  return `${objectJson.slice(0, close)}${empty ? '' : ','}"request_id":${JSON.stringify(requestId)}}`;
}
