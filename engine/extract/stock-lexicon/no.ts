import type { StockLexicon } from './types';

/** Norwegian (bokmål). */
// prettier-ignore
export const no: StockLexicon = {
  in_stock: ['på lager', 'på nettlager', 'tilgjengelig', 'legg i handlekurven', 'legg i handlekurv', 'kjøp nå',
    'sendes i dag', 'klar til sending'],
  limited: ['kun # igjen', 'bare # igjen', 'få igjen', 'begrenset antall', 'lite på lager'],
  out_of_stock: ['utsolgt', 'ikke på lager', 'midlertidig utsolgt', 'ikke tilgjengelig', 'midlertidig ikke tilgjengelig',
    'tomt på lager', 'ingen på lager'],
  notify: ['varsle meg', 'gi meg beskjed', 'varsle meg når den er på lager', 'få varsel', 'venteliste'],
  arriving: ['kommer snart', 'forventet på lager', 'ventes inn', 'på vei inn', 'tilbake på lager snart', 'forventet levering'],
  preorder: ['forhåndsbestill', 'forhåndsbestilling', 'forhåndssalg'],
  backorder: ['restordre', 'bestillingsvare', 'skaffevare', 'i bestilling'],
  discontinued: ['utgått', 'utgått vare', 'selges ikke lenger', 'produseres ikke lenger', 'ikke lenger tilgjengelig'],
  in_store_only: ['kun i butikk', 'kun tilgjengelig i butikk'],
  neutral: ['# solgt'],
  count: ['lagerstatus', 'lagerbeholdning', 'antall på lager'],
  negations: ['ikke', 'ingen', 'nei', 'aldri', 'uten'],
  fillers: ['er', 'for', 'øyeblikket', 'dessverre', 'lenger', 'varen', 'midlertidig'],
};
