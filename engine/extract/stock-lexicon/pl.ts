import type { StockLexicon } from './types';

// prettier-ignore
export const pl: StockLexicon = {
  in_stock: ['w magazynie', 'dostępny', 'dostępna', 'dostępne', 'produkt dostępny', 'na stanie', 'w sprzedaży',
    'dodaj do koszyka', 'kup teraz', 'wysyłka w 24h', 'dostępny od ręki', 'od ręki'],
  limited: ['ostatnie sztuki', 'ostatnia sztuka', 'zostało #', 'tylko # sztuk', 'ograniczona ilość'],
  out_of_stock: ['wyprzedany', 'wyprzedane', 'wyprzedana', 'niedostępny', 'niedostępna', 'niedostępne',
    'brak w magazynie', 'brak towaru', 'brak na stanie', 'chwilowo niedostępny', 'chwilowo niedostępne',
    'tymczasowo niedostępny', 'produkt niedostępny', 'brak produktu', 'brak ofert', 'chwilowy brak', 'wyczerpany',
    'czasowo niedostępny'],
  notify: ['powiadom mnie', 'powiadom o dostępności', 'powiadom mnie o dostępności', 'daj znać', 'powiadomienie o dostępności',
    'zapisz się na listę oczekujących'],
  arriving: ['wkrótce dostępny', 'wkrótce w sprzedaży', 'dostępny od', 'dostawa w drodze', 'oczekujemy na dostawę',
    'spodziewana dostawa', 'produkt w drodze'],
  preorder: ['przedsprzedaż', 'w przedsprzedaży', 'zamów przedpremierowo', 'preorder'],
  backorder: ['na zamówienie', 'dostępny na zamówienie', 'towar na zamówienie', 'realizacja po dostawie',
    'wysyłka w ciągu # tygodni', 'wysyłka za # tygodnie'],
  discontinued: ['wycofany', 'wycofany ze sprzedaży', 'produkt wycofany', 'nie jest już dostępny', 'niedostępny na stałe',
    'zakończono produkcję', 'nakład wyczerpany'],
  in_store_only: ['tylko w sklepie stacjonarnym', 'dostępny tylko w sklepie'],
  neutral: ['# sprzedanych', 'kupiono # razy'],
  count: ['stan magazynowy', 'ilość w magazynie', 'dostępna ilość', 'stan', 'dostępność'],
  negations: ['nie', 'brak', 'bez', 'żaden', 'nigdy'],
  fillers: ['jest', 'są', 'ma', 'obecnie', 'aktualnie', 'chwilowo', 'już', 'produkt', 'ten', 'towar'],
};
