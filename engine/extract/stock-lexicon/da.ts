import type { StockLexicon } from './types';

// prettier-ignore
export const da: StockLexicon = {
  in_stock: ['på lager', 'på lager online', 'tilgængelig', 'læg i kurv', 'læg i kurven', 'køb nu', 'klar til levering',
    'sendes i dag', 'lagervare'],
  limited: ['kun # tilbage', 'få på lager', 'begrænset lager', 'få tilbage', 'sidste stk'],
  out_of_stock: ['udsolgt', 'ikke på lager', 'midlertidigt udsolgt', 'ikke tilgængelig', 'midlertidigt ikke tilgængelig',
    'ikke på lager lige nu', 'ingen lager', 'ikke længere på lager'],
  notify: ['giv mig besked', 'få besked', 'giv besked når den er på lager', 'påmind mig', 'ventelisten'],
  arriving: ['kommer snart', 'forventes på lager', 'forventet på lager', 'på vej', 'tilbage på lager snart',
    'forventet levering', 'på lager igen'],
  preorder: ['forudbestil', 'forudbestilling', 'bestil på forhånd', 'forsalg'],
  backorder: ['restordre', 'i restordre', 'bestillingsvare', 'skaffevare'],
  discontinued: ['udgået', 'udgået vare', 'sælges ikke længere', 'produceres ikke længere', 'ikke længere tilgængelig'],
  in_store_only: ['kun i butikken', 'kun i butik'],
  neutral: ['# solgt'],
  count: ['lagerstatus', 'lagerbeholdning', 'antal på lager'],
  negations: ['ikke', 'ingen', 'nej', 'aldrig', 'uden'],
  fillers: ['er', 'lige', 'nu', 'desværre', 'længere', 'varen', 'midlertidigt'],
};
