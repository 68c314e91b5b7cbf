/**
 * One short table per family of issue 20, in the shop's own words. Each family has lines the
 * reader before the lexicon got wrong (`unknown`, or worse, `in_stock`).
 */
import type { Availability } from '../../../engine/vocabulary';

export type StockCase = readonly [text: string, expected: Availability];

export const FAMILY_CASES: Record<string, readonly StockCase[]> = {
  'negations and zero counts': [
    ['This product is not in stock at the moment.', 'out_of_stock'],
    ['No longer stocked', 'discontinued'],
    ['Stock: 0', 'out_of_stock'],
    ['Lagerbestand: 0 Stück', 'out_of_stock'],
    ['In stock: No', 'out_of_stock'],
    ['0 in stock', 'out_of_stock'],
    ["Sorry, this item isn't in stock", 'out_of_stock'],
    ['Dieser Artikel ist momentan nicht mehr auf Lager', 'out_of_stock'],
    ['Produkt nie jest dostępny', 'out_of_stock'],
    ['没有现货', 'out_of_stock'],
    ['在庫ありません', 'out_of_stock'],
    ['재고 없음', 'out_of_stock'],
  ],
  'notify me and waitlists': [
    ["Tell me when it's back", 'out_of_stock'],
    ['Join the waitlist', 'out_of_stock'],
    ['Benachrichtigen, wenn wieder verfügbar', 'out_of_stock'],
    ['Avisez-moi', 'out_of_stock'],
    ['Avvisami', 'out_of_stock'],
    ['Powiadom mnie', 'out_of_stock'],
    ['Avísame', 'out_of_stock'],
    ['入荷お知らせ', 'out_of_stock'],
  ],
  'arriving soon and expected back': [
    ['Arriving soon', 'out_of_stock'],
    ['Expected back on 14 March', 'out_of_stock'],
    ['Awaiting delivery', 'out_of_stock'],
    ['Wieder erhältlich ab 12.05.', 'out_of_stock'],
    ['Bald lieferbar', 'out_of_stock'],
    ['Binnenkort weer op voorraad', 'out_of_stock'],
    ['Expected back on 14 March. Add to cart', 'preorder'],
  ],
  backorder: [
    ['Can be backordered', 'backorder'],
    ['Order now, ships when restocked', 'backorder'],
    ['Disponible sur commande', 'backorder'],
    ['Под заказ', 'backorder'],
  ],
  discontinued: [
    ['Discontinued', 'discontinued'],
    ['Auslaufartikel', 'discontinued'],
    ["Ce modèle n'est plus fabriqué", 'discontinued'],
    ['This model has been retired', 'discontinued'],
    ['Výroba ukončena', 'discontinued'],
  ],
  'sales counters stay neutral': [
    ['已售 1.2万件', 'unknown'],
    ['1,204 sold', 'unknown'],
    ['Sold 3 times today', 'unknown'],
    ['Terjual 1,2rb', 'unknown'],
    ['Sold 3 times today · In stock', 'in_stock'],
    ['0 sold', 'unknown'],
    ['1,204 sold · Sold out', 'out_of_stock'],
    ['Verkauft: 0', 'unknown'],
  ],
  'one-word in-stock labels': [
    ['Skladem', 'in_stock'],
    ['Tersedia', 'in_stock'],
    ['Còn hàng', 'in_stock'],
    ['มีสินค้า', 'in_stock'],
    ['В наявності', 'in_stock'],
    ['Διαθέσιμο', 'in_stock'],
    ['재고있음', 'in_stock'],
    ['Available!', 'in_stock'],
  ],
  'no offer available': [
    ["Aucune offre n'est disponible pour le moment", 'out_of_stock'],
    ['Nessuna offerta disponibile', 'out_of_stock'],
    ['Ninguna oferta disponible', 'out_of_stock'],
  ],
  'spellings: hyphens, case, run together': [
    ['SOLD-OUT', 'out_of_stock'],
    ['soldout', 'out_of_stock'],
    ['Out-of-stock', 'out_of_stock'],
    ['ÉPUISÉ', 'out_of_stock'],
    ['EPUISE', 'out_of_stock'],
    ['instock', 'in_stock'],
    ['$24.00 Sold out', 'out_of_stock'],
    ['$19.00Out of stock', 'out_of_stock'],
  ],
};
