/**
 * What visible text says about stock, in many languages. Categories are matched from the most
 * negative down and each match is blanked before the next, so `Nicht verfügbar` is never read
 * as `verfügbar` nor `Non disponibile` as `disponibile`.
 */
import type { Availability } from '../vocabulary';

type Phrases = readonly [Availability, readonly string[]];

// prettier-ignore
const PHRASES: readonly Phrases[] = [
  ['discontinued', ['discontinued', 'no longer available', 'no longer sold', 'nicht mehr lieferbar',
    'nicht mehr erhältlich', 'auslaufartikel', "n'est plus disponible", 'plus disponible', 'descatalogado',
    'fuori produzione', 'niet meer leverbaar', '販売終了', '生産終了', '已停产', 'снят с производства']],
  ['out_of_stock', ['out of stock', 'currently unavailable', 'temporarily unavailable', 'sold out',
    'not in stock', 'not available', 'notify me when available', 'email me when available',
    'notify me when back in stock', 'ausverkauft', 'nicht verfügbar', 'nicht lieferbar', 'nicht auf lager',
    'nicht vorrätig', 'vergriffen', 'rupture de stock', 'en rupture', 'épuisé', 'épuisée', 'indisponible',
    'non disponible', 'plus en stock', 'pas en stock', 'agotado', 'agotada', 'sin stock', 'sin existencias',
    'no disponible', 'esgotado', 'esgotada', 'indisponível', 'sem estoque', 'não disponível', 'esaurito',
    'esaurita', 'non disponibile', 'uitverkocht', 'niet op voorraad', 'niet beschikbaar', 'slutsåld',
    'slutsålt', 'slut i lager', 'ej i lager', 'tillfälligt slut', 'utsolgt', 'ikke på lager', 'udsolgt',
    'wyprzedany', 'wyprzedane', 'niedostępny', 'brak w magazynie', 'brak towaru', '在庫切れ', '売り切れ',
    '品切れ', '在庫なし', '缺货', '售罄', '无货', '已售完', 'нет в наличии', 'распродано', 'stokta yok',
    'tükendi', 'غير متوفر', 'نفدت الكمية', 'نفذت الكمية']],
  // Said of items both in and out of stock; blanked so they do not read as `in stock`.
  ['unknown', ['back in stock', 'wieder auf lager', 'wieder verfügbar', 'de retour en stock',
    'de nouveau en stock', 'in stock soon']],
  ['in_store_only', ['in store only', 'in-store only', 'available in store only', 'available in stores only',
    'nur im markt', 'nur in der filiale', 'uniquement en magasin', 'solo en tienda', '店舗限定']],
  ['preorder', ['pre-order', 'preorder', 'pre order', 'vorbestellen', 'vorbestellung', 'précommande',
    'précommander', 'pré-commande', 'preventa', 'pré-venda', 'pre-ordina', 'preordine', 'voorbestellen',
    'förbeställ', 'przedsprzedaż', '予約受付中', '予約注文', '予約商品', '预售', 'предзаказ']],
  ['backorder', ['backorder', 'back-order', 'back order', 'backordered', 'on backorder', 'lieferrückstand']],
  ['limited', ['only \\d+ left', 'only \\d+ in stock', 'low stock', 'limited stock', 'few left',
    'nur noch \\d+', 'wenige auf lager', 'plus que \\d+', 'stock limité', 'quedan \\d+', 'últimas unidades',
    'ultimi pezzi', 'nog \\d+ op voorraad', '残りわずか', '残り\\d+点', '库存紧张', 'осталось \\d+']],
  ['in_stock', ['in stock', 'add to cart', 'add to basket', 'add to bag', 'buy now', 'auf lager',
    'sofort lieferbar', 'lieferbar', 'vorrätig', 'verfügbar', 'in den warenkorb', 'en stock', 'disponible',
    'ajouter au panier', 'en existencia', 'añadir al carrito', 'agregar al carrito', 'em estoque',
    'disponível', 'adicionar ao carrinho', 'comprar', 'disponibile', 'aggiungi al carrello', 'op voorraad',
    'in winkelwagen', 'i lager', 'lägg i varukorg', 'på lager', 'w magazynie', 'dostępny',
    'dodaj do koszyka', '在庫あり', 'カートに入れる', 'カートに追加', '有货', '现货', '加入购物车',
    'в наличии', 'в корзину', 'stokta var', 'sepete ekle', 'متوفر', 'أضف إلى السلة']],
];

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;
const escape = (s: string) =>
  s
    .split('\\d+')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\d+');

const MATCHERS = PHRASES.map(([availability, phrases]) => {
  const spaced = (p: string) => escape(p).replace(/ /g, '\\s+');
  const cjk = phrases.filter((p) => CJK.test(p)).map(spaced);
  const words = phrases.filter((p) => !CJK.test(p)).map(spaced);
  const parts = [...cjk];
  if (words.length) parts.push(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`);
  return { availability, re: new RegExp(parts.join('|'), 'giu') };
});

/** Every stock category the text mentions, most negative first. */
export function stockSignals(text: string): Availability[] {
  let rest = text.normalize('NFC').toLowerCase();
  const found: Availability[] = [];
  for (const { availability, re } of MATCHERS) {
    re.lastIndex = 0;
    if (!re.test(rest)) continue;
    if (availability !== 'unknown') found.push(availability);
    rest = rest.replace(re, (m) => ' '.repeat(m.length));
  }
  return found;
}

const NEGATIVE = new Set<Availability>(['discontinued', 'out_of_stock']);
const POSITIVE = new Set<Availability>(['in_stock', 'limited']);

/** One answer from several signals: the most specific, or `unknown` when they contradict. */
export function decideStock(signals: Availability[]): Availability {
  const negative = signals.some((s) => NEGATIVE.has(s));
  const positive = signals.some((s) => POSITIVE.has(s));
  if (negative && positive) return 'unknown';
  return signals[0] ?? 'unknown';
}
