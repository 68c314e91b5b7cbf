import { useState } from 'react';
import { canPayAt, usePaymentStore } from '@/components/stores/payment-store';
import { merchantOf } from '@/components/stores/watch';
import { safeHttpUrl } from '@/components/ui/labels';
import { TextField } from '@/components/ui/TextField';
import { useWatchFields } from './use-watch-fields';
import { useWatchSubmit } from './use-watch-submit';
import { WatchFields } from './WatchFields';
import { WatchSubmit } from './WatchSubmit';

/** Watch a product the page capture could not read: the user types what it is. */
export function ManualWatchForm({ initialUrl }: { initialUrl: string | null }) {
  const [productUrl, setProductUrl] = useState(safeHttpUrl(initialUrl) ?? '');
  const [title, setTitle] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [showErrors, setShowErrors] = useState(false);
  const url = safeHttpUrl(productUrl.trim());
  const canPay = usePaymentStore((state) => canPayAt(state.paysAt, url));
  const fields = useWatchFields(/^[A-Z]{3}$/.test(currency) ? currency : '', null, canPay);
  const { submitting, error, submit } = useWatchSubmit();

  const urlError = url ? null : 'Enter the full product address, starting with https://.';
  const currencyError = /^[A-Z]{3}$/.test(currency) ? null : 'Enter a currency code such as USD.';
  const merchant = url ? merchantOf(url) : null;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const terms = fields.terms();
    if (!terms || !url || currencyError || submitting) return;
    void submit({
      ...terms,
      productUrl: url,
      title: title.trim() || null,
      imageUrl: null,
      merchant,
      currency,
    });
  };

  return (
    <form
      className="card"
      onSubmit={onSubmit}
      noValidate
      data-testid="manual-form"
      aria-busy={submitting}
    >
      <h2>Watch a product by hand</h2>
      <TextField
        label="Product URL"
        type="url"
        value={productUrl}
        onChange={setProductUrl}
        placeholder="https://shop.example.com/products/…"
        required
        error={showErrors ? urlError : null}
        testId="manual-url"
      />
      <TextField
        label="Title (optional)"
        value={title}
        onChange={setTitle}
        maxLength={500}
        testId="manual-title"
      />
      <TextField
        label="Currency"
        value={currency}
        onChange={(value) => setCurrency(value.trim().toUpperCase())}
        maxLength={3}
        autoComplete="off"
        required
        error={showErrors ? currencyError : null}
        testId="manual-currency"
      />
      <WatchFields fields={fields} currency={currencyError ? '' : currency} merchant={merchant} />
      <WatchSubmit error={error} submitting={submitting} testId="manual-submit" />
    </form>
  );
}
