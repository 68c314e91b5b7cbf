import { z } from 'zod';
import {
  AVAILABILITIES,
  EXTRACTION_SOURCES,
  type Availability as EngineAvailability,
  type Extraction as EngineExtraction,
} from '../engine/contract';

/**
 * Messages between extension pages (popup, options) and the background. Every message is
 * validated with these schemas on receipt; anything else is refused.
 */

/** A v1 API call, carried to the background which adds the credentials. */
export const ApiCall = z.object({
  type: z.literal('api'),
  method: z.enum(['GET', 'POST', 'DELETE']),
  /** Path under the API root, e.g. `/v1/intents?limit=10`. */
  path: z.string().regex(/^\/v1\//),
  headers: z.record(z.string(), z.string()).default({}),
  body: z
    .string()
    .max(64 * 1024)
    .optional(),
});
export type ApiCall = z.infer<typeof ApiCall>;

export const ApiReply = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type ApiReply = z.infer<typeof ApiReply>;

/** Reads the product on a tab (the active one unless tabId is given). */
export const CaptureCall = z.object({
  type: z.literal('capture'),
  tabId: z.number().int().optional(),
});

export const Settings = z.object({
  mode: z.enum(['builtin', 'remote']),
  remote_base_url: z.string().url().nullable(),
  /** Never sent back to pages: only whether one is stored. */
  has_remote_api_key: z.boolean(),
  default_payment_method_id: z.string().nullable(),
  check_interval_seconds: z.number().int().min(1).max(86_400),
  /** Origin of the ACP sandbox merchant the built-in engine may buy from in test mode. */
  sandbox_url: z.string().url().nullable(),
  /** Announce a price reached (an assisted purchase waiting); codes and outcomes always are. */
  notify_price_drops: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const SettingsGet = z.object({ type: z.literal('settings.get') });
export const SettingsSet = z.object({
  type: z.literal('settings.set'),
  settings: Settings.omit({ has_remote_api_key: true }).partial(),
  /** A new remote API key; null removes it; absent keeps the stored one. */
  remote_api_key: z.string().min(1).max(255).nullable().optional(),
});
/** Tries the configured engine (lists payment methods) and says whether it answers. */
export const SettingsTest = z.object({ type: z.literal('settings.test') });
export const SettingsTestReply = z.object({ ok: z.boolean(), message: z.string() });
/** Runs a monitor round now (the popup asks when it opens). */
export const MonitorTick = z.object({ type: z.literal('monitor.tick') });

export const Message = z.discriminatedUnion('type', [
  ApiCall,
  CaptureCall,
  SettingsGet,
  SettingsSet,
  SettingsTest,
  MonitorTick,
]);
export type Message = z.infer<typeof Message>;

// ---------- additions of the extension background (additive: the shapes above are unchanged) ----------

const Availability = z.enum(AVAILABILITIES);
const ExtractionSource = z.enum(EXTRACTION_SOURCES);
const ExtractedOffer = z.object({
  price_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  availability: Availability,
  sku: z.string().nullable(),
  name: z.string().nullable(),
  url: z.string().nullable(),
  list_price_cents: z.number().int().nullable(),
  source: ExtractionSource,
});

/** What `extractProduct` (engine/extract) read off a page; validated when the content script answers. */
export const Extraction = z.object({
  title: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  canonical_url: z.string().nullable(),
  identifiers: z.object({
    gtin: z.string().nullable(),
    mpn: z.string().nullable(),
    sku: z.string().nullable(),
  }),
  merchant: z.string().nullable(),
  offers: z.array(ExtractedOffer),
  offer: ExtractedOffer.nullable(),
  ambiguous: z.boolean(),
  source: ExtractionSource,
  confidence: z.number().min(0).max(1),
});
export type Extraction = z.infer<typeof Extraction>;

type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
export type _ExtractionMatchesEngine = Assert<Same<Extraction, EngineExtraction>>;
export type _AvailabilityMatchesEngine = Assert<
  Same<z.infer<typeof Availability>, EngineAvailability>
>;

/** The content script's answer to `scripting.executeScript`: the page it read and what it found. */
export const CapturedPage = z.object({ url: z.string().max(8192), extraction: Extraction });
export type CapturedPage = z.infer<typeof CapturedPage>;

export const CaptureFailure = z.enum([
  /** No active tab (or the given tabId does not exist). */
  'no_tab',
  /** A page extensions may not read: chrome://, the web store, about:, view-source:, PDFs... */
  'restricted_page',
  /** The page was read but has no product on it (extraction source `none`). */
  'no_product',
  /** The content script could not run or answered something unexpected. */
  'injection_failed',
]);
export type CaptureFailure = z.infer<typeof CaptureFailure>;

/** Reply to `capture`. */
export const CaptureReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), url: z.string(), extraction: Extraction }),
  z.object({
    ok: z.literal(false),
    reason: CaptureFailure,
    /** Says what to do next, e.g. "Open a product page and try again." */
    message: z.string(),
    url: z.string().nullable(),
  }),
]);
export type CaptureReply = z.infer<typeof CaptureReply>;
export type CaptureCall = z.infer<typeof CaptureCall>;

export type SettingsGet = z.infer<typeof SettingsGet>;
export type SettingsSet = z.infer<typeof SettingsSet>;
export type SettingsTest = z.infer<typeof SettingsTest>;
export type SettingsTestReply = z.infer<typeof SettingsTestReply>;
export type MonitorTick = z.infer<typeof MonitorTick>;

/** Reply to `monitor.tick`: whether a round ran (in remote mode the server checks on its own). */
export const MonitorTickReply = z.object({ ok: z.boolean(), message: z.string() });
export type MonitorTickReply = z.infer<typeof MonitorTickReply>;

/** The background's answer to a message it refuses (bad shape, foreign sender) or could not handle. */
export const MessageRefused = z.object({
  error: z.object({
    code: z.enum(['invalid_message', 'sender_not_allowed', 'internal_error']),
    message: z.string(),
  }),
});
export type MessageRefused = z.infer<typeof MessageRefused>;

/** The reply to each message type (settings.get and settings.set answer with the public Settings). */
export interface ReplyTo {
  api: ApiReply;
  capture: CaptureReply;
  'settings.get': Settings;
  'settings.set': Settings;
  'settings.test': SettingsTestReply;
  'monitor.tick': MonitorTickReply;
}
