import { LIMITS } from '../limits';
import { z } from './zod';
import { timestamp } from './intent-input';

const sku = z.string().trim().min(1).max(200);

/** The body of POST /v1/inventory_levels: one observed stock level of one sku (at one location). */
export const ReportInventoryBody = z
  .strictObject({
    sku,
    quantity: z.number().int().min(0).max(LIMITS.inventoryQuantityMax),
    location: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: 'A warehouse or shelf; levels are kept per location.' }),
    observed_at: timestamp.optional().openapi({
      description:
        "When the level was counted (default: now); at most 5 minutes after the service's clock (400 otherwise). A report older than the latest one for its sku and location is stored but changes nothing.",
    }),
  })
  .openapi('ReportInventoryRequest');

export type ReportInventoryInput = z.infer<typeof ReportInventoryBody>;

const Report = z.object({
  object: z.literal('inventory_report'),
  report_id: z.string().openapi({ example: 'invr_01JD3X7Q2W4M5N6P7R8S9T0V1W' }),
  sku: z.string(),
  location: z.string().nullable(),
  quantity: z.number().int(),
  observed_at: z.string(),
  created_at: z.string(),
  /** False when a newer report for the sku and location was already in: stored, not applied. */
  applied: z.boolean().openapi({
    description:
      'false: a newer report for this sku and location came first; this one changed no level and triggered nothing.',
  }),
  triggered_intents: z.array(z.string()).openapi({
    description: 'Procurement intents this report made eligible to buy.',
  }),
  livemode: z.boolean(),
});

export const InventoryReportRecord = Report.extend({ request_id: z.string() }).openapi(
  'InventoryReportResponse',
);

const LocationLevel = z.object({
  location: z.string().nullable(),
  quantity: z.number().int(),
  observed_at: z.string(),
  report_id: z.string(),
});

export const InventoryLevelRecord = z
  .object({
    object: z.literal('inventory_level'),
    sku: z.string(),
    quantity: z.number().int().openapi({
      description: 'The latest level: the sum of the latest report at each location.',
    }),
    observed_at: z.string().openapi({ description: 'The newest observed_at of those reports.' }),
    locations: z.array(LocationLevel),
    reports: z
      .array(Report)
      .openapi({ description: 'The last 100 reports for this sku, newest first.' }),
    livemode: z.boolean(),
    request_id: z.string(),
  })
  .openapi('InventoryLevel');

export type InventoryReport = z.infer<typeof Report>;

/** A report as stored. */
export interface InventoryReportDoc extends InventoryReport {
  [field: string]: unknown;
  scope: string;
  observed_at_ms: number;
}

/** The latest report of one sku at one location (key: scope, sku, location). */
export interface InventoryLevelDoc {
  [field: string]: unknown;
  level_id: string;
  scope: string;
  sku: string;
  location: string | null;
  quantity: number;
  observed_at: string;
  observed_at_ms: number;
  report_id: string;
}
