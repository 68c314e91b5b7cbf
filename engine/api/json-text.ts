import type { Context } from 'hono';
import type { ApiEnv } from './env';

/** The headers of a JSON body sent as text (what `c.json` sets). */
export const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/** Adds `request_id` as the last member of a serialised JSON object, without parsing it again. */
export function withRequestId(objectJson: string, requestId: string): string {
  const close = objectJson.lastIndexOf('}');
  let last = close - 1;
  while (last >= 0 && /\s/.test(objectJson[last]!)) last--;
  const empty = objectJson[last] === '{';
  return `${objectJson.slice(0, close)}${empty ? '' : ','}"request_id":${JSON.stringify(requestId)}}`;
}

/**
 * A JSON answer already serialised, with its request id header, as a Response of its own: its
 * headers stay a plain object all the way to the socket (Hono's helpers build a Headers object,
 * and the Node adapter walks it again). The request id middleware sees it sent (requestId.ts).
 */
export function jsonText(c: Context<ApiEnv>, text: string, status: number): Response {
  c.set('requestIdSent', true);
  return jsonResponse(text, status, c.get('requestId'));
}

/** A JSON text and its request id as a Response, the headers a plain object (see jsonText). */
export function jsonResponse(text: string, status: number, requestId: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
  });
}
