/**
 * Plain lists shared by the engine's schemas and the extension's pages. No imports: pages may use
 * them without pulling engine code into their bundles.
 */
export const AVAILABILITIES = [
  'in_stock',
  'limited',
  'out_of_stock',
  'preorder',
  'backorder',
  'discontinued',
  'in_store_only',
  'unknown',
] as const;

export const EXTRACTION_SOURCES = [
  'json-ld',
  'microdata',
  'rdfa',
  'opengraph',
  'text',
  'none',
] as const;
