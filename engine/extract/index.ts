/** Product extraction shared by the server's monitor and the extension: runtime-neutral. */
export { extractProduct } from './extract';
export { parsePrice, type ParsedPrice } from './price';
export { minorUnits } from './currency';
export { normalizeAvailability } from './availability';
export type {
  ExtractedOffer,
  Extraction,
  ExtractionSource,
  ExtractOptions,
  Identifiers,
} from './types';
