/**
 * What visible text says about stock, in the languages of stock-lexicon/. The lexicon is
 * compiled on first use (the extractor runs on every page the extension sees). Each phrase
 * found is read through its family and its negation scope: a negated in-stock phrase is
 * `out_of_stock`, never `in_stock`; a negated out-of-stock phrase says nothing.
 */
import type { Availability } from '../vocabulary';
import { LEXICONS } from './stock-lexicon';
import type { StockFamily, StockLexicon } from './stock-lexicon/types';
import { isNegated, negationWords, type NegationWords } from './stock-negation';
import { normalizeStockText } from './stock-normalize';
import {
  emptyTrie,
  insertPhrase,
  scanPhrases,
  type PhraseMatch,
  type TrieNode,
} from './stock-trie';

/** A signal before the page as a whole decides: `arriving` is resolved by `decideStock`. */
export type StockSignal = Availability | 'arriving';

/** Most negative first: when one phrase is in two families, the first listed keeps it. */
const FAMILIES: StockFamily[] = [
  'discontinued',
  'out_of_stock',
  'notify',
  'neutral',
  'arriving',
  'in_store_only',
  'preorder',
  'backorder',
  'count',
  'limited',
  'in_stock',
];

interface Compiled {
  trie: TrieNode;
  negations: NegationWords;
}
let compiled: Compiled | undefined;

/** Normalised forms of a phrase: as written and, for 2–3 Latin words, run together. */
function forms(phrase: string): string[] {
  const label = phrase.startsWith('^') ? '^' : '';
  const text = normalizeStockText(label ? phrase.slice(1) : phrase, true);
  const words = text.split(' ');
  const joined = words.length > 1 && words.length <= 3 && /^[a-z' ]+$/.test(text);
  return joined ? [label + text, label + words.join('')] : [label + text];
}

function compile(lexicons: readonly StockLexicon[]): Compiled {
  const trie = emptyTrie();
  for (const family of FAMILIES) {
    for (const lexicon of lexicons) {
      for (const phrase of lexicon[family] ?? []) {
        for (const form of forms(phrase)) insertPhrase(trie, form, family);
      }
    }
  }
  const all = (key: 'negations' | 'postNegations' | 'fillers') =>
    lexicons.flatMap((l) => (l[key] ?? []).map((w) => normalizeStockText(w)));
  return { trie, negations: negationWords(all('negations'), all('postNegations'), all('fillers')) };
}

const compiledLexicon = (): Compiled => (compiled ??= compile(LEXICONS));

/** Families that say the item can be ordered: negated, they say it cannot. */
const ORDERING = new Set<StockFamily>(['in_stock', 'limited', 'preorder', 'backorder']);

function signalOf(text: string, match: PhraseMatch, words: NegationWords): StockSignal | null {
  const { family } = match;
  const negated = isNegated(text, match, words);
  if (family === 'neutral') return null;
  if (family === 'count') return negated ? 'out_of_stock' : null;
  if (ORDERING.has(family)) return negated ? 'out_of_stock' : (family as Availability);
  if (negated) return null;
  return family === 'notify' ? 'out_of_stock' : family;
}

/** Every stock signal the text carries, in reading order. */
export function stockSignals(text: string): StockSignal[] {
  const { trie, negations } = compiledLexicon();
  const normal = normalizeStockText(text);
  return scanPhrases(normal, trie)
    .map((m) => signalOf(normal, m, negations))
    .filter((s): s is StockSignal => s !== null);
}

const PRECEDENCE: StockSignal[] = [
  'discontinued',
  'out_of_stock',
  'arriving',
  'in_store_only',
  'preorder',
  'backorder',
  'limited',
  'in_stock',
];
const NEGATIVE = new Set<StockSignal>(['discontinued', 'out_of_stock']);
const POSITIVE = new Set<StockSignal>(['in_stock', 'limited']);
const ORDERABLE = new Set<StockSignal>(['in_stock', 'limited', 'preorder', 'backorder']);

/**
 * One answer from a page's signals: the most negative, `unknown` when in- and out-of-stock
 * wording contradict. An arrival announced (`expected back`) is `out_of_stock`, or `preorder`
 * when the page also lets you order now (`backorder` when it says so: `Restordre, ventes inn`).
 * Out-of-stock wording beside backorder wording is a backorder.
 */
export function decideStock(signals: StockSignal[]): Availability {
  const negative = signals.some((s) => NEGATIVE.has(s));
  if (signals.includes('arriving')) {
    if (!signals.some((s) => ORDERABLE.has(s))) return 'out_of_stock';
    if (negative) return 'unknown';
    return signals.includes('backorder') && !signals.includes('preorder')
      ? 'backorder'
      : 'preorder';
  }
  // Backorder wording says there is no stock and one may order anyway: it reconciles an
  // out-of-stock line with an order button (`Temporarily out of stock. Order now and we'll
  // deliver when available`).
  if (negative && signals.includes('backorder') && !signals.includes('discontinued'))
    return 'backorder';
  if (negative && signals.some((s) => POSITIVE.has(s))) return 'unknown';
  const rank = (s: StockSignal) => PRECEDENCE.indexOf(s);
  const [first] = [...signals].sort((a, b) => rank(a) - rank(b));
  return first === undefined || first === 'arriving' ? 'unknown' : first;
}
