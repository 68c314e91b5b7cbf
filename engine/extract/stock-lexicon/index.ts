/**
 * Every language the stock reader knows, as data: one file per language, each a `StockLexicon`.
 * A phrase belongs to every language at once (a Spanish page may quote an English button), so
 * the order here matters only for the property and corpus tests that walk them.
 */
import { ar } from './ar';
import { cs } from './cs';
import { da } from './da';
import { de } from './de';
import { el } from './el';
import { en } from './en';
import { es } from './es';
import { fi } from './fi';
import { fr } from './fr';
import { he } from './he';
import { hu } from './hu';
import { id } from './id';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { no } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { ro } from './ro';
import { ru } from './ru';
import { sk } from './sk';
import { sv } from './sv';
import { th } from './th';
import { tr } from './tr';
import type { StockLexicon } from './types';
import { uk } from './uk';
import { vi } from './vi';
import { zhHans } from './zh-hans';
import { zhHant } from './zh-hant';

/** Keyed by BCP 47 language tag. */
export const LEXICON_BY_LANGUAGE: Readonly<Record<string, StockLexicon>> = {
  en,
  de,
  fr,
  es,
  it,
  pt,
  nl,
  pl,
  cs,
  sk,
  hu,
  ro,
  sv,
  da,
  no,
  fi,
  el,
  tr,
  ru,
  uk,
  ar,
  he,
  ja,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  ko,
  th,
  vi,
  id,
};

export const LEXICONS: readonly StockLexicon[] = Object.values(LEXICON_BY_LANGUAGE);
