import type { StockLexicon } from './types';

// prettier-ignore
export const es: StockLexicon = {
  in_stock: ['en stock', 'disponible', 'en existencia', 'hay existencias', 'añadir al carrito', 'agregar al carrito',
    'añadir a la cesta', 'comprar', 'comprar ahora', 'disponible para envío inmediato', 'envío inmediato'],
  limited: ['quedan #', 'solo quedan #', 'últimas unidades', 'pocas unidades', 'stock limitado', 'última unidad'],
  out_of_stock: ['agotado', 'agotada', 'sin stock', 'sin existencias', 'no disponible', 'fuera de stock',
    'temporalmente agotado', 'temporalmente sin stock', 'temporalmente no disponible', 'producto agotado',
    'no hay stock', 'no hay existencias', 'ninguna oferta disponible'],
  notify: ['avísame', 'avísame cuando esté disponible', 'avisarme', 'notificarme', 'notifícame', 'quiero que me avisen',
    'avisarme cuando haya stock', 'cuando esté disponible', 'lista de espera', 'unirse a la lista de espera'],
  arriving: ['próximamente', 'disponible próximamente', 'llegará pronto', 'disponible a partir del', 'en camino',
    'reposición en curso', 'pendiente de recibir', 'esperando stock', 'próxima llegada'],
  preorder: ['preventa', 'en preventa', 'reservar', 'reserva ya', 'pre pedido', 'prepedido', 'preorden'],
  backorder: ['bajo pedido', 'por encargo', 'disponible bajo pedido', 'pedido pendiente', 'se envía cuando haya stock',
    'hecho por encargo', 'envío en # semanas', 'envío en # # semanas'],
  discontinued: ['descatalogado', 'descatalogada', 'ya no está disponible', 'ya no disponible', 'ya no se fabrica',
    'fuera de catálogo', 'producto descontinuado', 'descontinuado'],
  in_store_only: ['solo en tienda', 'disponible solo en tienda', 'exclusivo en tienda'],
  neutral: ['de nuevo en stock', '# vendidos', 'más de # vendidos'],
  count: ['stock', 'existencias', 'unidades disponibles', 'cantidad disponible', 'disponibilidad'],
  negations: ['no', 'sin', 'ningún', 'ninguna', 'nunca'],
  fillers: ['está', 'esta', 'es', 'hay', 'actualmente', 'momentáneamente', 'temporalmente', 'todavía', 'aún', 'ya',
    'este', 'producto', 'artículo', 'en', 'este', 'momento'],
};
