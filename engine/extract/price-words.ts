/**
 * The words the visible-price reader goes by, as data: in class and id names (`product-price`,
 * `compare-at`, `tier-price`) and in the text before an amount (`Was`, `Our price:`).
 */

/** A class or id word naming a price. */
export const PRICE_WORDS = /price|preis|prix|precio|preco|prezzo|prijs|^pris$|^cena$/;

/** Class or id words of a struck-through or former price. */
// prettier-ignore
export const LIST_WORDS = new Set([
  'old', 'was', 'list', 'compare', 'compareat', 'strike', 'strikethrough', 'striked', 'crossed',
  'original', 'rrp', 'msrp', 'mrp', 'uvp', 'before', 'basis', 'oldprice', 'wasprice', 'listprice',
  'instead', 'statt', 'previous', 'prior',
]);

/** Class or id words of an amount that is not the item's price. */
// prettier-ignore
export const NOT_ITEM_PRICE = new Set([
  'unit', 'per', 'save', 'saving', 'savings', 'discount', 'shipping', 'delivery', 'installment',
  'installments', 'monthly', 'klarna', 'afterpay', 'total', 'subtotal', 'tax', 'points', 'reward',
]);

/**
 * Class or id words of a block whose amounts are all conditional or another item's: quantity
 * tiers, bulk discounts, subscriptions, add-ons. Nothing inside is the price of one item now.
 */
// prettier-ignore
export const NOT_ITEM_BLOCK = new Set([
  'tier', 'tiers', 'tiered', 'bulk', 'volume', 'wholesale', 'subscription', 'subscriptions',
  'subscribe', 'autoship', 'recurring', 'addon', 'addons',
]);

/** The text just before an amount names it the former price: `Was`, `UVP`, `statt`, `通常価格`. */
export const LIST_LABEL =
  /(?:^|[^\p{L}])(?:was|list(?:\s+price)?|regular(?:\s+price)?|reg\.|original(?:\s+price)?|rrp|msrp|mrp|uvp|statt|ord(?:inarie)?\.?\s*pris|vorher|avant|prix\s+(?:de\s+référence|barré|conseillé)|antes|(?<!partir\s)de|era|van|通常価格|参考価格|定価|原价)\s*[:.]?\s*$/iu;

/**
 * A line that opens with words naming the price (`Our price:`, `Price each`, `Preis:`, `Цена:`)
 * then the amount: the price, where the page gives it no price class.
 */
export const PRICE_LABEL = new RegExp(
  "^\\s*(?:(?:our|your|sale|special|online|item|today's)\\s+)?price(?:\\s+each)?" +
    '|^\\s*(?:unser\\s+|ihr\\s+)?preis|^\\s*(?:notre\\s+|votre\\s+)?prix|^\\s*(?:nuestro\\s+)?precio' +
    '|^\\s*prezzo|^\\s*(?:onze\\s+)?prijs|^\\s*preço|^\\s*cena|^\\s*ár|^\\s*pris|^\\s*hinta' +
    '|^\\s*цена|^\\s*ціна|^\\s*τιμή|^\\s*fiyat|^\\s*giá(?:\\s+bán)?|^\\s*ราคา|^\\s*(?:販売)?価格' +
    '|^\\s*(?:价格|售价|價格|售價)|^\\s*(?:가격|판매가)',
  'iu',
);
