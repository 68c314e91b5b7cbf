import type { Receipt } from '@/components/stores/types';
import { formatDateTime, safeHttpUrl } from '@/components/ui/labels';
import { formatMoney } from '@/components/ui/money';
import { cheapestFirst } from '@/components/ui/offers';
import { OfferList } from './OfferList';

/** Merchant, order, line items, totals, payment and signature of one receipt. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const money = (minor: number | null | undefined) => formatMoney(minor, receipt.currency);
  const permalink = safeHttpUrl(receipt.order.permalink_url);
  const { totals } = receipt;
  return (
    <div className="receipt" data-testid="receipt">
      <dl className="facts">
        <dt>Merchant</dt>
        <dd>{receipt.merchant}</dd>
        <dt>Order</dt>
        <dd>
          {receipt.order.id ?? '—'}
          {permalink && (
            <>
              {' '}
              <a href={permalink} target="_blank" rel="noreferrer">
                View order
              </a>
            </>
          )}
        </dd>
        <dt>Bought on</dt>
        <dd>{formatDateTime(receipt.executed_at)}</dd>
        <dt>Paid with</dt>
        <dd>
          {receipt.payment
            ? `${receipt.payment.brand} •••• ${receipt.payment.last4}`
            : 'Paid at the merchant'}
        </dd>
      </dl>
      <table className="lines">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {receipt.line_items.map((line, index) => (
            <tr key={`${line.sku}-${index}`}>
              <td>{line.name ?? line.sku}</td>
              <td>{line.quantity}</td>
              <td>{money(line.total_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal_cents)}</dd>
        <dt>Shipping</dt>
        <dd>{money(totals.shipping_cents)}</dd>
        <dt>Tax</dt>
        <dd>{money(totals.tax_cents)}</dd>
        <dt>{receipt.method === 'assisted' ? 'Total, as you reported it' : 'Total charged'}</dt>
        <dd data-testid="receipt-total">{money(totals.total_charged_cents)}</dd>
      </dl>
      {receipt.other_offers && receipt.other_offers.length > 0 && (
        <>
          <h3>Other offers when bought</h3>
          <OfferList
            offers={cheapestFirst(receipt.other_offers, receipt.currency)}
            testId="receipt-other-offers"
          />
        </>
      )}
      <p className="signature">
        Signed (Ed25519, key <code>{receipt.signature.kid}</code>)
      </p>
    </div>
  );
}
