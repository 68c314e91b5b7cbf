import { Webhook } from 'standardwebhooks';
import type { WebhookEndpointDoc } from '../schemas/webhook-endpoint';

/**
 * Standard Webhooks headers for one delivery. While a rotated-out secret still overlaps, both
 * secrets sign (space-separated), so a receiver holding either verifies.
 */
export function signatureHeaders(
  endpoint: WebhookEndpointDoc,
  eventId: string,
  body: string,
  now: number,
): Record<string, string> {
  const at = new Date(Math.floor(now / 1000) * 1000);
  const secrets = [endpoint.secret];
  if (endpoint.previous_secret && (endpoint.previous_secret_expires_at ?? 0) > now)
    secrets.push(endpoint.previous_secret);
  return {
    'content-type': 'application/json',
    'webhook-id': eventId,
    'webhook-timestamp': String(at.getTime() / 1000),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(eventId, at, body)).join(' '),
  };
}
