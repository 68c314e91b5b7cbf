import type { StockLexicon } from './types';

// prettier-ignore
export const tr: StockLexicon = {
  in_stock: ['stokta', 'stokta var', 'stokta mevcut', '^mevcut', 'satışta', 'sepete ekle', 'hemen al', 'şimdi al',
    'hızlı teslimat', 'aynı gün kargo', 'stok var'],
  limited: ['son # ürün', 'sadece # adet kaldı', 'son # adet', 'tükenmek üzere', 'sınırlı stok', 'son ürünler'],
  out_of_stock: ['stokta yok', 'tükendi', 'stok yok', 'mevcut değil', 'geçici olarak temin edilemiyor',
    'temin edilemiyor', 'stokta kalmadı', 'satışta değil', 'geçici olarak stokta yok', 'ürün tükendi', 'stok tükendi'],
  notify: ['gelince haber ver', 'stoğa girince haber ver', 'haber ver', 'gelince bildir', 'stok bildirimi'],
  arriving: ['^yakında', 'yakında stokta', 'çok yakında', 'yakında satışta', 'tahmini geliş', 'stoğa girecek'],
  preorder: ['ön sipariş', 'ön siparişte', 'ön satış', 'ön siparişe açık'],
  backorder: ['siparişe özel', 'sipariş üzerine', 'tedarik süreli', 'tedarik edilecek'],
  discontinued: ['üretimi durduruldu', 'satıştan kaldırıldı', 'artık satılmıyor', 'üretilmiyor', 'satışı durduruldu'],
  neutral: ['# adet satıldı', '# satıldı'],
  count: ['stok', 'stok adedi', 'stok miktarı'],
  negations: ['hayır', 'yok'],
  postNegations: ['değil', 'yok', 'değildir', 'kalmadı'],
  fillers: [],
};
