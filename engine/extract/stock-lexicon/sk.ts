import type { StockLexicon } from './types';

// prettier-ignore
export const sk: StockLexicon = {
  in_stock: ['skladom', 'na sklade', 'skladom ihneď', 'dostupné', 'dostupný', 'k dispozícii', 'do košíka',
    'vložiť do košíka', 'kúpiť', 'kúpiť teraz'],
  limited: ['posledné kusy', 'posledný kus', 'obmedzené množstvo'],
  out_of_stock: ['vypredané', 'nie je skladom', 'nedostupné', 'nedostupný', 'momentálne nedostupné',
    'dočasne nedostupné', 'dočasne vypredané', 'nie je na sklade', 'nie je k dispozícii'],
  notify: ['strážiť dostupnosť', 'upozorniť na naskladnenie', 'dajte mi vedieť', 'informovať o dostupnosti'],
  arriving: ['čoskoro skladom', 'očakávame', 'naskladníme', 'dostupné od', '^na ceste'],
  preorder: ['predobjednávka', 'predpredaj', 'predobjednať'],
  backorder: ['na objednávku', 'na dopyt', 'dodanie na objednávku'],
  discontinued: ['už sa nepredáva', 'ukončený predaj', 'výroba ukončená', 'už nedostupné'],
  neutral: ['predané # ks'],
  count: ['sklad', 'stav skladu', 'počet kusov na sklade'],
  negations: ['nie', 'ne', 'žiadny', 'bez', 'nikdy'],
  fillers: ['je', 'sú', 'momentálne', 'aktuálne', 'už', 'tovar', 'produkt', 'bohužiaľ'],
};
