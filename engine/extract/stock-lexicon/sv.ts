import type { StockLexicon } from './types';

// prettier-ignore
export const sv: StockLexicon = {
  in_stock: ['i lager', 'finns i lager', 'i lager online', 'tillgänglig', 'i butik och online', 'lägg i varukorg',
    'lägg i varukorgen', 'köp nu', 'skickas idag', 'leveransklar'],
  limited: ['endast # kvar', 'bara # kvar', 'få kvar', 'fåtal kvar', 'begränsat lager', 'sista exemplaret'],
  out_of_stock: ['slutsåld', 'slutsålt', 'slut i lager', 'ej i lager', 'inte i lager', 'tillfälligt slut',
    'tillfälligt slutsåld', 'tillfälligt slut i lager', 'finns inte i lager', 'ej tillgänglig', 'inte tillgänglig',
    '^slut', 'ingen lagerstatus', 'tillfälligt otillgänglig', 'otillgänglig'],
  notify: ['bevaka', 'bevaka produkten', 'meddela mig', 'meddela mig när den finns', 'påminn mig', 'få en notis',
    'när den finns i lager igen'],
  arriving: ['kommer snart', 'inkommer snart', 'beräknas åter', 'åter i lager', 'förväntas i lager', 'på väg in',
    'åter i lager vecka', 'beställd från leverantör'],
  preorder: ['förbeställ', 'förboka', 'förhandsboka', 'förköp', 'förbeställning'],
  backorder: ['restnoterad', 'restorder', 'beställningsvara', 'skickas när den finns i lager'],
  discontinued: ['utgått', 'utgående', 'utgått ur sortimentet', 'säljs inte längre', 'finns inte längre', 'tillverkas inte längre'],
  in_store_only: ['endast i butik', 'finns endast i butik'],
  neutral: ['# sålda', 'tillbaka i lager'],
  count: ['lagersaldo', 'lager', 'antal i lager'],
  negations: ['inte', 'ej', 'ingen', 'inga', 'nej', 'aldrig', 'utan'],
  fillers: ['är', 'finns', 'för', 'tillfället', 'just', 'nu', 'längre', 'tyvärr', 'produkten', 'varan'],
};
