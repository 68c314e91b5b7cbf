/** Facts about the page itself: canonical URL, language/region, `<title>`. */
import { textContent } from 'domutils';
import { attr, byTag, resolveUrl, type Document } from './dom';
import type { MetaTags } from './meta';
import { squash } from './normalize-text';
import type { PageContext } from './types';

/** Country-code top-level domains that are used as generic ones. */
const GENERIC_TLDS = new Set([
  'io',
  'co',
  'me',
  'tv',
  'ai',
  'app',
  'fm',
  'gg',
  'ly',
  'to',
  'cc',
  'ws',
]);

function regionOfHost(pageUrl: string): string | null {
  try {
    const tld = new URL(pageUrl).hostname.split('.').pop() ?? '';
    if (!/^[a-z]{2}$/.test(tld) || GENERIC_TLDS.has(tld)) return null;
    return tld === 'uk' ? 'GB' : tld.toUpperCase();
  } catch {
    return null;
  }
}

/** `<html lang>` (or `og:locale`), completed with the country of the host when it has none. */
function localeOf(doc: Document, meta: MetaTags, pageUrl: string): string | undefined {
  const html = byTag(doc, 'html')[0];
  const declared = (html && attr(html, 'lang')) || meta.get('og:locale') || '';
  const tag = declared.trim().replace(/_/g, '-');
  const valid = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(tag) ? tag : '';
  if (/-[a-zA-Z]{2}(-|$)/.test(valid)) return valid;
  const region = regionOfHost(pageUrl);
  if (!region) return valid || undefined;
  return `${valid || 'und'}-${region}`;
}

export function readPage(
  doc: Document,
  pageUrl: string,
  meta: MetaTags,
): PageContext & { titleTag: string | null } {
  const canonicalLink = byTag(doc, 'link').find((el) =>
    (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  const canonicalUrl =
    resolveUrl(canonicalLink ? attr(canonicalLink, 'href') : null, pageUrl) ??
    resolveUrl(meta.get('og:url'), pageUrl);
  const titleEl = byTag(doc, 'title')[0];
  return {
    pageUrl,
    canonicalUrl,
    locale: localeOf(doc, meta, pageUrl),
    titleTag: titleEl ? squash(textContent(titleEl)) || null : null,
  };
}
