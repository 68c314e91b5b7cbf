import type { StockLexicon } from './types';

// prettier-ignore
export const cs: StockLexicon = {
  in_stock: ['skladem', 'na skladě', 'skladem ihned', 'skladem u dodavatele', 'dostupné', 'dostupný', 'k dispozici',
    'do košíku', 'vložit do košíku', 'koupit', 'koupit nyní', 'ihned k odeslání'],
  limited: ['poslední kusy', 'posledních # kusů', 'omezené množství', 'poslední kus'],
  out_of_stock: ['vyprodáno', 'není skladem', 'nedostupné', 'nedostupný', 'momentálně nedostupné',
    'dočasně nedostupné', 'dočasně vyprodáno', 'není k dispozici', 'není na skladě', 'nelze koupit', 'nelze objednat'],
  notify: ['hlídat dostupnost', 'hlídací pes', 'upozornit na naskladnění', 'dejte mi vědět', 'informovat o dostupnosti'],
  arriving: ['brzy skladem', 'očekáváme', 'naskladníme', '^připravujeme', 'dostupné od', '^na cestě'],
  preorder: ['předobjednávka', 'předprodej', 'předobjednat'],
  backorder: ['na objednávku', 'na dotaz', 'dodání na objednávku', 'objednáno u dodavatele', 'dodání do # týdnů',
    'expedujeme do # týdnů'],
  discontinued: ['již se neprodává', 'ukončený prodej', '^ukončeno', 'doprodáno', 'výroba ukončena', 'již nedostupné', 'prodej ukončen',
    'prodej byl ukončen'],
  neutral: ['prodáno # ks', 'zakoupeno #'],
  count: ['sklad', 'počet kusů skladem', 'stav skladu', 'dostupnost'],
  negations: ['ne', 'není', 'nejsou', 'žádný', 'bez', 'nikdy'],
  fillers: ['je', 'momentálně', 'aktuálně', 'již', 'už', 'zboží', 'produkt', 'bohužel'],
};
