import { safeHttpUrl } from '../ui/labels';
import type { Intent } from './types';

/**
 * A product_id watch keeps the page of each merchant it may buy at in its metadata, as
 * `page:<merchant>`: the API names the merchant of an attempt, not its page, and an assisted
 * purchase must lead the user to that page. Pages too long for metadata are left out.
 */
const PREFIX = 'page:';
const KEY_MAX = 40;
const VALUE_MAX = 500;

export function offerPagesMetadata(
  pages: readonly { merchant: string; url: string }[],
): Record<string, string> {
  const entries = pages
    .map(({ merchant, url }) => [PREFIX + merchant, url] as const)
    .filter(([key, url]) => key.length <= KEY_MAX && url.length <= VALUE_MAX);
  return Object.fromEntries(entries);
}

type PageFields = Pick<Intent, 'objective' | 'metadata' | 'latest_execution' | 'last_observation'>;

/** The page to buy at: the watched page, or that of the merchant a product_id watch chose. */
export function shopPageOf(intent: PageFields): string | null {
  const url = intent.objective?.product?.product_url;
  if (url) return safeHttpUrl(url);
  const merchant = intent.latest_execution?.merchant ?? intent.last_observation?.merchant;
  const page = merchant ? intent.metadata?.[PREFIX + merchant] : undefined;
  return typeof page === 'string' ? safeHttpUrl(page) : null;
}
