import type { StockLexicon } from './types';

// prettier-ignore
export const hu: StockLexicon = {
  in_stock: ['raktáron', 'készleten', 'elérhető', 'azonnal szállítható', 'kosárba', 'kosárba teszem', 'megveszem',
    'raktáron van', 'kapható', 'azonnal átvehető'],
  limited: ['utolsó darabok', 'utolsó # darab', 'már csak # db', 'korlátozott készlet', 'utolsó darab'],
  out_of_stock: ['elfogyott', 'nincs raktáron', 'nincs készleten', 'nem elérhető', 'átmenetileg nem elérhető',
    'jelenleg nem elérhető', 'átmenetileg elfogyott', 'készlethiány', 'nem rendelhető'],
  notify: ['értesítést kérek', 'értesítés érkezéskor', 'értesítsen', 'szóljon, ha elérhető', 'értesítés'],
  arriving: ['hamarosan érkezik', 'hamarosan elérhető', 'várható érkezés', 'beszerzés alatt', 'úton van', '^érkezik'],
  preorder: ['előrendelés', 'előrendelhető', 'rendelje elő'],
  backorder: ['rendelésre', 'rendelhető', 'megrendelésre', 'külső raktáron'],
  discontinued: ['kifutott termék', 'kifutott', 'már nem kapható', 'megszűnt termék', 'gyártása megszűnt', 'nem forgalmazzuk'],
  neutral: ['# db eladva', 'eladva # alkalommal'],
  count: ['készlet', 'raktárkészlet', 'elérhetőség'],
  negations: ['nem', 'nincs', 'nincsen', 'sem', 'nélkül', 'soha'],
  fillers: ['jelenleg', 'átmenetileg', 'már', 'van', 'a', 'termék', 'sajnos'],
};
