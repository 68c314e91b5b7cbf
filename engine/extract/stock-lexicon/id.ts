import type { StockLexicon } from './types';

/** Indonesian and Malay: `stok habis` and `tersedia` are shared; `tiada stok` is Malay. */
// prettier-ignore
export const id: StockLexicon = {
  in_stock: ['tersedia', 'stok tersedia', 'ada stok', 'stok ada', 'ready stock', 'siap kirim', 'masukkan keranjang',
    '+ keranjang', 'beli sekarang', 'tambah ke troli', 'dalam stok', 'stok masih ada'],
  limited: ['sisa #', 'tinggal #', 'stok terbatas', 'hampir habis', 'stok tinggal sedikit', 'tinggal sedikit'],
  out_of_stock: ['stok habis', '^habis', 'tidak tersedia', 'stok kosong', '^kosong', 'sementara habis', 'habis terjual',
    'kehabisan stok', 'tiada stok', 'stok tidak tersedia', 'barang habis', 'sold out'],
  notify: ['ingatkan saya', 'beritahu saya', 'kabari saya', 'beritahu bila ada stok', 'ingatkan saat tersedia'],
  arriving: ['segera hadir', 'akan datang', 'stok segera datang', 'restock segera', 'dalam perjalanan'],
  preorder: ['pre order', 'pesan dulu', 'prapesan', 'pra pesan', 'tempahan awal'],
  backorder: ['inden', 'indent', 'pesanan khusus', 'dipesan terlebih dahulu', 'by order'],
  discontinued: ['tidak diproduksi lagi', 'dihentikan', 'tidak dijual lagi', 'sudah tidak diproduksi', 'discontinue'],
  neutral: ['terjual #', '# terjual', 'terjual # rb'],
  count: ['stok', 'jumlah stok'],
  negations: ['tidak', 'tak', 'bukan', 'belum', 'tiada', 'tanpa'],
  fillers: ['sedang', 'lagi', 'saat', 'ini', 'produk', 'barang', 'ada', 'untuk', 'sementara', 'sudah'],
};
