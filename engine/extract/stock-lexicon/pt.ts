import type { StockLexicon } from './types';

/** Portuguese as written in Portugal (`stock`, `esgotado`) and in Brazil (`estoque`, `indisponível`). */
// prettier-ignore
export const pt: StockLexicon = {
  in_stock: ['em estoque', 'em stock', 'disponível', 'adicionar ao carrinho', 'adicionar ao cesto', 'comprar agora',
    'pronta entrega', 'disponível para entrega imediata', 'envio imediato', 'com estoque', 'em armazém'],
  limited: ['últimas unidades', 'restam #', 'apenas # em estoque', 'só restam #', 'estoque limitado', 'stock limitado',
    'última unidade'],
  out_of_stock: ['esgotado', 'esgotada', 'indisponível', 'sem estoque', 'sem stock', 'não disponível', 'fora de estoque',
    'temporariamente indisponível', 'temporariamente esgotado', 'produto esgotado', 'produto indisponível',
    'nenhuma oferta disponível', 'fora de stock', 'sem existências'],
  notify: ['avise me', 'avise me quando chegar', 'avise me quando disponível', 'avisar quando chegar',
    'avisem me', 'notifique me', 'quero ser avisado', 'lista de espera', 'me avise'],
  arriving: ['em breve', 'disponível em breve', 'chegando em breve', 'previsão de chegada', 'aguardando reposição',
    'aguardando estoque', 'em reposição', 'disponível a partir de', 'reabastecimento em breve'],
  preorder: ['pré venda', 'prévenda', 'pré encomenda', 'préencomenda', 'em pré venda', 'reserve já', 'encomende já'],
  backorder: ['sob encomenda', 'por encomenda', 'disponível por encomenda', 'encomenda pendente'],
  discontinued: ['fora de linha', 'descontinuado', 'descontinuada', 'não é mais vendido', 'deixou de ser fabricado',
    'já não está disponível', 'não está mais disponível', 'produto descontinuado'],
  in_store_only: ['apenas na loja', 'só na loja', 'disponível apenas em loja'],
  neutral: ['de volta ao estoque', '# vendidos'],
  count: ['estoque', 'stock', 'quantidade disponível', 'quantidade em estoque'],
  negations: ['não', 'nao', 'sem', 'nenhum', 'nenhuma', 'nunca'],
  fillers: ['está', 'esta', 'é', 'estão', 'atualmente', 'actualmente', 'mais', 'no', 'momento', 'ainda', 'este',
    'produto', 'artigo', 'temporariamente'],
};
