import type { StockLexicon } from './types';

// prettier-ignore
export const fr: StockLexicon = {
  in_stock: ['en stock', 'disponible', 'disponible immédiatement', 'en stock expédié sous 24h', 'ajouter au panier',
    'acheter maintenant', 'expédié sous 24h', 'prêt à expédier'],
  limited: ['plus que #', 'plus que # en stock', 'stock limité', 'derniers articles', 'dernières pièces',
    'quantité limitée'],
  out_of_stock: ['rupture de stock', 'en rupture', 'en rupture de stock', 'épuisé', 'épuisée', 'indisponible',
    'non disponible', 'plus en stock', 'pas en stock', 'temporairement indisponible', 'momentanément indisponible',
    'temporairement en rupture', 'aucune offre disponible', "aucune offre n'est disponible", 'aucun stock',
    'hors stock', 'victime de son succès'],
  notify: ['avisez moi', 'm\'avertir', "m'avertir quand disponible", 'me prévenir', 'prévenez moi',
    'alertez moi', 'être alerté', 'être averti du retour en stock', 'me tenir informé', 'quand disponible',
    "m'alerter du retour en stock"],
  arriving: ['bientôt disponible', 'bientôt de retour', 'bientôt en stock', 'disponible à partir du',
    'réapprovisionnement en cours', 'en cours de réapprovisionnement', 'arrivage prévu', 'retour prévu',
    'en attente de livraison', 'en cours d\'acheminement', 'prochainement disponible'],
  preorder: ['précommande', 'précommander', 'pré commande', 'en précommande', 'précommandez'],
  backorder: ['sur commande', 'disponible sur commande', 'en réassort', 'commande en attente', 'en cours de commande'],
  discontinued: ["n'est plus disponible", 'plus disponible', 'plus fabriqué', "n'est plus fabriqué",
    'fin de série', 'plus commercialisé', "n'est plus commercialisé", 'produit arrêté', 'arrêt de commercialisation'],
  in_store_only: ['uniquement en magasin', 'disponible uniquement en magasin', 'exclusivité magasin'],
  neutral: ['de retour en stock', 'de nouveau en stock', '# vendus', '# ventes'],
  count: ['stock', 'quantité en stock', 'quantité disponible'],
  negations: ['pas', 'non', 'aucun', 'aucune', 'jamais', 'ne', "n'est", 'sans'],
  fillers: ['est', 'actuellement', 'momentanément', 'encore', 'plus', 'cet', 'article', 'produit', 'ce', 'pour',
    "l'instant", 'le', 'moment'],
};
