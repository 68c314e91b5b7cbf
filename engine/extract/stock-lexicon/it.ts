import type { StockLexicon } from './types';

// prettier-ignore
export const it: StockLexicon = {
  in_stock: ['disponibile', 'disponibilità immediata', 'in magazzino', 'aggiungi al carrello', 'acquista ora',
    'compra ora', 'pronta consegna', 'disponibile subito', 'spedizione immediata'],
  limited: ['ultimi pezzi', 'solo # disponibili', 'ultimi # pezzi', 'scorte limitate', 'quantità limitata',
    'ultimo pezzo', 'rimasti solo #'],
  out_of_stock: ['esaurito', 'esaurita', 'non disponibile', 'non disponibili', 'temporaneamente non disponibile',
    'temporaneamente esaurito', 'momentaneamente non disponibile', 'attualmente non disponibile', 'non in magazzino',
    'fuori stock', 'articolo esaurito', 'nessuna offerta disponibile'],
  notify: ['avvisami', 'avvisami quando disponibile', 'avvisami quando torna disponibile', 'avvisatemi',
    'notificami', 'quando disponibile', 'lista d\'attesa', 'entra nella lista d\'attesa'],
  arriving: ['in arrivo', 'presto disponibile', 'disponibile a breve', 'di nuovo disponibile a breve',
    'disponibile dal', 'in riassortimento', 'in attesa di rifornimento', 'arrivo previsto'],
  preorder: ['preordina', 'pre ordina', 'preordine', 'pre ordine', 'in preordine', 'prenotazione', 'prenota ora',
    'prevendita'],
  backorder: ['su ordinazione', 'ordinabile', 'disponibile su ordinazione', 'in ordine dal fornitore'],
  discontinued: ['fuori produzione', 'non più disponibile', 'non più prodotto', 'articolo fuori catalogo',
    'fuori catalogo', 'non più in vendita'],
  in_store_only: ['solo in negozio', 'disponibile solo in negozio'],
  neutral: ['di nuovo disponibile', '# venduti'],
  count: ['giacenza', 'scorte', 'quantità disponibile', 'pezzi disponibili'],
  negations: ['non', 'no', 'nessun', 'nessuna', 'mai', 'senza'],
  fillers: ['è', 'e', 'sono', 'attualmente', 'momentaneamente', 'ancora', 'più', 'al', 'momento', 'questo',
    'articolo', 'prodotto'],
};
