import type { StockLexicon } from './types';

// prettier-ignore
export const vi: StockLexicon = {
  in_stock: ['còn hàng', 'có hàng', 'có sẵn', 'sẵn hàng', 'hàng có sẵn', 'thêm vào giỏ', 'thêm vào giỏ hàng', 'mua ngay',
    'giao ngay', 'còn hàng tại kho'],
  limited: ['chỉ còn #', 'chỉ còn # sản phẩm', 'sắp hết hàng', 'số lượng có hạn', 'còn ít hàng', 'còn # sản phẩm',
    'còn lại # sản phẩm'],
  out_of_stock: ['hết hàng', 'tạm hết hàng', 'tạm hết', 'hết hàng tạm thời', 'không còn hàng', 'hàng đã hết',
    'đã bán hết', 'không có sẵn', 'tạm ngừng bán', 'hết hàng online'],
  notify: ['thông báo khi có hàng', 'báo khi có hàng', 'nhận thông báo khi có hàng', 'đăng ký nhận tin khi có hàng'],
  arriving: ['sắp về hàng', 'hàng sắp về', 'sắp có hàng', 'đang về hàng', 'dự kiến có hàng'],
  preorder: ['đặt trước', 'hàng đặt trước', 'đặt hàng trước', 'pre order'],
  backorder: ['hàng order', 'nhận đặt hàng', 'giao sau khi có hàng', 'giao hàng sau # tuần', 'hàng đặt may'],
  discontinued: ['ngừng kinh doanh', 'ngừng sản xuất', 'ngừng bán', 'không còn kinh doanh'],
  in_store_only: ['chỉ bán tại cửa hàng'],
  neutral: ['đã bán #', 'đã bán # sản phẩm'],
  count: ['tồn kho', 'số lượng tồn', 'kho'],
  negations: ['không', 'chưa', 'ko', 'hổng'],
  fillers: ['còn', 'có', 'hiện', 'tạm', 'thời', 'sản', 'phẩm', 'này'],
};
