import type { StockLexicon } from './types';

// prettier-ignore
export const nl: StockLexicon = {
  in_stock: ['op voorraad', 'direct leverbaar', 'leverbaar', 'beschikbaar', 'in winkelwagen', 'in winkelmand',
    'nu kopen', 'voor 23:00 besteld morgen in huis', 'direct uit voorraad'],
  limited: ['nog # op voorraad', 'nog maar #', 'beperkte voorraad', 'laatste stuks', 'bijna uitverkocht'],
  out_of_stock: ['uitverkocht', 'niet op voorraad', 'niet beschikbaar', 'niet leverbaar', 'tijdelijk uitverkocht',
    'tijdelijk niet leverbaar', 'tijdelijk niet beschikbaar', 'momenteel niet leverbaar', 'geen voorraad',
    'niet meer op voorraad', 'geen aanbod beschikbaar'],
  notify: ['houd me op de hoogte', 'hou me op de hoogte', 'mail me als het weer leverbaar is', 'breng me op de hoogte',
    'stuur mij een bericht', 'meld mij', 'wachtlijst', 'zodra beschikbaar', 'als het weer op voorraad is'],
  arriving: ['binnenkort weer op voorraad', 'binnenkort leverbaar', 'binnenkort beschikbaar', 'verwacht op',
    'weer leverbaar vanaf', 'leverbaar vanaf', 'wordt verwacht', 'onderweg naar ons magazijn', 'in bestelling'],
  preorder: ['pre order', 'voorbestellen', 'voorbestelling', 'reserveer nu', 'nu reserveren'],
  backorder: ['nabestelling', 'in nalevering', 'wordt nabesteld', 'op bestelling', 'besteld bij leverancier'],
  discontinued: ['niet meer leverbaar', 'niet meer verkrijgbaar', 'uit het assortiment', 'uit assortiment',
    'niet meer beschikbaar', 'wordt niet meer gemaakt'],
  in_store_only: ['alleen in de winkel', 'alleen verkrijgbaar in de winkel'],
  neutral: ['weer op voorraad', '# verkocht'],
  count: ['voorraad', 'aantal op voorraad'],
  negations: ['niet', 'geen', 'nee', 'nooit', 'zonder'],
  fillers: ['is', 'zijn', 'momenteel', 'op', 'dit', 'moment', 'meer', 'nog', 'helaas', 'tijdelijk', 'artikel'],
};
