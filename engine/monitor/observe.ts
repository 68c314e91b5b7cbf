import { extractProduct } from '../extract/index';
import type { Observation } from '../schemas/intent';
import { FetchError, type Fetcher } from '../ports';
import { fingerprint } from '../util/fingerprint';
import { isoTime } from '../util/time';
import type { WatchDoc } from '../schemas/watch';
import { pageIdentity, type PageIdentity } from '../resolve/page-identity';

export type CheckOutcome =
  | {
      kind: 'observed';
      observation: Observation;
      ambiguous: boolean;
      sku: string | null;
      /** What the page says the product is, for the catalog; null when it was not read again. */
      identity: PageIdentity | null;
      /** Fingerprint of the page that was read; null when it was not read again (304). */
      fingerprint: string | null;
      etag: string | null;
      lastModified: string | null;
    }
  | { kind: 'failed'; error: string; retryAfterMs: number | null };

/**
 * Fetches a watched page (conditionally, when we have validators) and reads price and stock off
 * it. A page that is not a product page — a captcha, an error, a block — is a failed check, never
 * an observation: it must not become OUT_OF_STOCK.
 */
export async function checkWatch(
  fetcher: Fetcher,
  watch: WatchDoc,
  now: number,
): Promise<CheckOutcome> {
  const headers: Record<string, string> = {};
  if (watch.last_observation) {
    if (watch.etag) headers['If-None-Match'] = watch.etag;
    if (watch.last_modified) headers['If-Modified-Since'] = watch.last_modified;
  }
  let response;
  try {
    response = await fetcher.fetch({ url: watch.url, headers });
  } catch (error) {
    if (error instanceof FetchError)
      return { kind: 'failed', error: error.failure, retryAfterMs: null };
    throw error;
  }
  const validators = {
    etag: response.headers.etag ?? null,
    lastModified: response.headers['last-modified'] ?? null,
  };
  if (response.status === 304 && watch.last_observation) {
    return unchanged(watch, now, watch.page_fingerprint, {
      etag: validators.etag ?? watch.etag,
      lastModified: validators.lastModified ?? watch.last_modified,
    });
  }
  if (response.status < 200 || response.status >= 300) {
    return {
      kind: 'failed',
      error: `http_${response.status}`,
      retryAfterMs: retryAfter(response.headers['retry-after'], now),
    };
  }
  // Many shops send no validators: an identical page says what it said last time, unread.
  const page = fingerprint(`${response.url}\n${response.body}`);
  // A page that never went into the catalog (a watch older than it) is read once more.
  if (watch.last_observation && watch.page_fingerprint === page && watch.catalog !== undefined) {
    return unchanged(watch, now, page, validators);
  }
  const extraction = extractProduct(
    response.body,
    response.url,
    watch.variant ? { variant: watch.variant } : {},
  );
  if (extraction.source === 'none')
    return { kind: 'failed', error: 'no_product_found', retryAfterMs: null };
  const offer = extraction.offer;
  return {
    kind: 'observed',
    observation: {
      price_cents: offer?.price_cents ?? null,
      currency: offer?.currency ?? null,
      availability: offer?.availability ?? 'unknown',
      merchant: extraction.merchant,
      observed_at: isoTime(now),
      source: offer?.source ?? extraction.source,
    },
    ambiguous: extraction.ambiguous,
    sku: offer?.sku ?? extraction.identifiers.sku,
    identity: pageIdentity(extraction),
    fingerprint: page,
    ...validators,
  };
}

/**
 * The last observation again, observed now, with the page's fingerprint and validators (one
 * literal: a spread with fields added after it is slow, util/with-fields.ts).
 */
function unchanged(
  watch: WatchDoc,
  now: number,
  fingerprint: string | null,
  validators: { etag: string | null; lastModified: string | null },
): CheckOutcome {
  return {
    kind: 'observed',
    observation: { ...watch.last_observation!, observed_at: isoTime(now) },
    ambiguous: watch.last_ambiguous,
    sku: watch.offer_sku,
    identity: null,
    fingerprint,
    etag: validators.etag,
    lastModified: validators.lastModified,
  };
}

function retryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
