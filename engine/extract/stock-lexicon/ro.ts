import type { StockLexicon } from './types';

// prettier-ignore
export const ro: StockLexicon = {
  in_stock: ['în stoc', 'in stoc', 'disponibil', 'disponibil în stoc', 'adaugă în coș', 'adaugă in cos', 'cumpără acum',
    'stoc disponibil', 'livrare imediată'],
  limited: ['stoc limitat', 'ultimele bucăți', 'ultimele # bucăți', 'doar # în stoc', 'ultima bucată'],
  out_of_stock: ['stoc epuizat', 'epuizat', 'indisponibil', 'nu este în stoc', 'nu este disponibil',
    'temporar indisponibil', 'temporar epuizat', 'fără stoc', 'momentan indisponibil', 'lipsă stoc', 'nu mai este în stoc'],
  notify: ['anunță mă', 'anunta ma', 'anunță mă când revine', 'notifică mă', 'vreau să fiu anunțat',
    'anunță mă când e disponibil'],
  arriving: ['în curând', 'disponibil în curând', 'în curs de aprovizionare', 'stoc în tranzit', 'disponibil din',
    'se așteaptă'],
  preorder: ['precomandă', 'precomanda', 'pre comandă', 'în precomandă', 'rezervă acum'],
  backorder: ['la comandă', 'disponibil la comandă', 'stoc furnizor', 'în aprovizionare la furnizor'],
  discontinued: ['nu se mai fabrică', 'scos din fabricație', 'nu mai este disponibil', 'produs retras', 'retras din vânzare',
    'nu mai este comercializat'],
  neutral: ['# vândute', 'vândut de # ori'],
  count: ['stoc', 'cantitate disponibilă'],
  negations: ['nu', 'fără', 'niciun', 'nicio', 'niciodată'],
  fillers: ['este', 'e', 'sunt', 'momentan', 'temporar', 'mai', 'produsul', 'acest', 'produs', 'din', 'păcate'],
};
