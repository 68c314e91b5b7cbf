import type { StockLexicon } from './types';

// prettier-ignore
export const fi: StockLexicon = {
  in_stock: ['varastossa', 'heti varastosta', 'saatavilla', 'saatavana', 'lisää ostoskoriin', 'osta nyt',
    'toimitus heti', 'verkkokaupan varastossa'],
  limited: ['vain # jäljellä', 'enää # jäljellä', 'vähän jäljellä', 'viimeiset kappaleet', 'rajoitettu määrä'],
  out_of_stock: ['loppuunmyyty', '^loppu', 'loppunut', 'loppunut varastosta', 'tilapäisesti loppu',
    'tilapäisesti loppunut', 'ei varastossa', 'ei saatavilla', 'ei saatavana', 'tuote on loppu', 'väliaikaisesti loppu'],
  notify: ['ilmoita minulle', 'ilmoita kun saatavilla', 'saatavuusilmoitus', 'tilaa saatavuusilmoitus', 'muistuta minua'],
  arriving: ['^tulossa', 'tulossa pian', 'saapuu pian', 'odotetaan saapuvaksi', 'saatavilla pian', 'tilauksessa'],
  preorder: ['ennakkotilaa', 'ennakkotilaus', 'ennakkomyynti', 'ennakkovaraus'],
  backorder: ['jälkitoimitus', 'tilaustuote', 'tilattavissa', 'toimitetaan kun saatavilla'],
  discontinued: ['poistunut valikoimasta', 'poistuva tuote', 'ei enää saatavilla', 'tuotanto lopetettu', 'poistunut tuote'],
  in_store_only: ['vain myymälässä', 'saatavilla vain myymälästä'],
  neutral: ['# myyty'],
  count: ['varastosaldo', 'varastotilanne', 'saldo'],
  negations: ['ei', 'eikä', 'ilman', 'koskaan'],
  fillers: ['ole', 'tällä', 'hetkellä', 'enää', 'valitettavasti', 'tuote', 'on'],
};
