import type { StockLexicon } from './types';

/** Chinese in traditional characters (Taiwan, Hong Kong). */
// prettier-ignore
export const zhHant: StockLexicon = {
  in_stock: ['有貨', '現貨', '現貨供應', '庫存充足', '有庫存', '加入購物車', '立即購買', '立即結帳', '現貨速發'],
  limited: ['庫存緊張', '僅剩#件', '僅剩 # 件', '數量有限', '庫存有限'],
  out_of_stock: ['缺貨', '無貨', '售罄', '已售罄', '已售完', '暫時缺貨', '暫無庫存', '無庫存', '沒貨', '補貨中',
    '已搶光', '庫存不足', '完售', '沒有現貨'],
  notify: ['到貨通知', '貨到通知', '補貨通知', '有貨通知我'],
  arriving: ['即將到貨', '即將上市', '預計到貨', '即將補貨', '待到貨'],
  preorder: ['預購', '預售', '預訂', '立即預購'],
  backorder: ['可訂購', '需訂貨', '訂貨', '客訂'],
  discontinued: ['已停產', '停產', '已下架', '停售', '已停售', '不再販售'],
  in_store_only: ['僅限門市', '門市限定'],
  neutral: ['已售出', '銷量', '已售#件'],
  count: ['庫存'],
  negations: ['沒有', '沒', '無', '不', '未', '暫無', '否'],
  postNegations: [],
  fillers: [],
};
