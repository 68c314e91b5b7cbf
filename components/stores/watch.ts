import { safeHttpUrl } from '../ui/labels';
import { v1 } from './api';
import { offerPagesMetadata } from './offer-pages';
import { requestOrigins } from './permissions';
import { requestMonitorTick } from './runtime';
import { EXTENSION_USER, type CreateIntentBody, type Intent } from './types';

/** Everything the Watch form (or the manual form) collected, money in minor units. */
export interface WatchDraft {
  productUrl: string;
  /** The offer the user saw among several (its sku): the one the monitor must read. */
  variant?: string | null;
  title: string | null;
  imageUrl: string | null;
  /** The merchant id (host without www.); used when onlyThisMerchant is set. */
  merchant: string | null;
  onlyThisMerchant: boolean;
  currency: string;
  maxPriceMinor: number;
  quantity: number;
  /** YYYY-MM-DD, local date; the intent expires at the end of that day. */
  expiresOn: string;
  /** Absent where the engine cannot pay (assisted shops): the intent is then alert-and-confirm. */
  paymentMethodId?: string;
  maxChargeMinor?: number;
  /**
   * Watch the catalog's product at several merchants instead of this one page (a product_id
   * intent): the cheapest allowed offer that meets the terms is bought.
   */
  catalog?: CatalogChoice;
}

/** A catalog product and the merchants (with their pages) the user chose to buy it at. */
export interface CatalogChoice {
  productId: string;
  pages: { merchant: string; url: string }[];
}

/** The user refused the host permission the extension needs to read the product page. */
class PermissionRefusedError extends Error {
  constructor(origins: string[]) {
    const where = origins.length > 1 ? 'these pages' : 'this page';
    super(
      `Without access to ${origins.join(', ')} the extension cannot check the price and stock of ${where}, so it cannot watch it. Submit again and choose Allow.`,
    );
    this.name = 'PermissionRefusedError';
  }
}

const TEXT_MAX = 500;
const VARIANT_MAX = 200;

/** The end of a local YYYY-MM-DD day as an ISO timestamp. */
export function endOfDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 23, 59, 59).toISOString();
}

/** Today + `days` as a local YYYY-MM-DD string (the value of an <input type="date">). */
export function localDatePlusDays(days: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const merchantOf = (url: string) =>
  new URL(url).hostname.toLowerCase().replace(/^www\./, '');

/** One page (with its variant), or every chosen merchant's offer of a catalog product. */
function whatToWatch(draft: WatchDraft) {
  const { catalog } = draft;
  if (catalog)
    return {
      target: { product_id: catalog.productId },
      allowed: catalog.pages.map((page) => page.merchant),
      metadata: { metadata: offerPagesMetadata(catalog.pages) },
    };
  const merchant = draft.merchant ?? merchantOf(draft.productUrl);
  return {
    target: {
      product_url: draft.productUrl,
      ...(draft.variant ? { variant: draft.variant.slice(0, VARIANT_MAX) } : {}),
    },
    allowed: draft.onlyThisMerchant ? [merchant] : null,
    metadata: {},
  };
}

export function buildCreateBody(draft: WatchDraft): CreateIntentBody {
  const title = draft.title?.trim().slice(0, TEXT_MAX);
  const image = safeHttpUrl(draft.imageUrl);
  const { target, allowed, metadata } = whatToWatch(draft);
  return {
    type: 'purchase',
    external_user_id: EXTENSION_USER,
    objective: {
      product: {
        ...target,
        ...(title ? { product_title: title } : {}),
        ...(image ? { product_image_url: image } : {}),
      },
      quantity: draft.quantity,
    },
    conditions: {
      availability: 'in_stock',
      max_price_cents: draft.maxPriceMinor,
      currency: draft.currency,
    },
    guardrails: {
      ...(allowed ? { allowed_merchants: allowed } : {}),
      expires_at: endOfDay(draft.expiresOn),
    },
    ...(draft.paymentMethodId && draft.maxChargeMinor !== undefined
      ? {
          payment: {
            payment_method_id: draft.paymentMethodId,
            max_charge_cents: draft.maxChargeMinor,
          },
        }
      : {}),
    ...metadata,
  };
}

/**
 * Call from the submit handler before anything else is awaited: the permission prompt needs the
 * user's gesture. Asks for the origin of each page to watch, creates the intent, then asks for a
 * check now.
 */
export async function watchProduct(draft: WatchDraft): Promise<Intent> {
  const pages = draft.catalog?.pages.map((page) => page.url) ?? [draft.productUrl];
  if (!(await requestOrigins(pages))) {
    throw new PermissionRefusedError([...new Set(pages.map((page) => new URL(page).origin))]);
  }
  const intent = await v1().createIntent(buildCreateBody(draft), {
    idempotencyKey: crypto.randomUUID(),
  });
  requestMonitorTick();
  return intent;
}
