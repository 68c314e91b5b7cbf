import type { PricePoint } from '../stores/types';
import { formatMoney } from './money';

const WIDTH = 96;
const HEIGHT = 28;
const PAD = 3;

/** A tiny price line drawn as inline SVG; points without a price are skipped. */
export function Sparkline({ points }: { points: readonly PricePoint[] | undefined }) {
  const priced = (points ?? []).filter(
    (point): point is PricePoint & { price_cents: number } => point.price_cents !== null,
  );
  if (priced.length === 0) return <span className="sparkline-empty">No price history yet</span>;
  const prices = priced.map((point) => point.price_cents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || 1;
  const step = priced.length > 1 ? (WIDTH - PAD * 2) / (priced.length - 1) : 0;
  const coordinates = prices.map((price, index) => {
    const x = priced.length > 1 ? PAD + index * step : WIDTH / 2;
    const y = high === low ? HEIGHT / 2 : PAD + ((high - price) / span) * (HEIGHT - PAD * 2);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const currency = priced[priced.length - 1]!.currency;
  const label =
    priced.length === 1
      ? `Price history: one point, ${formatMoney(prices[0], currency)}`
      : `Price history over ${priced.length} points: low ${formatMoney(low, currency)}, high ${formatMoney(high, currency)}, now ${formatMoney(prices[prices.length - 1], currency)}`;
  const last = coordinates[coordinates.length - 1]!.split(',');
  return (
    <svg
      className="sparkline"
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      data-testid="price-sparkline"
    >
      <title>{label}</title>
      {priced.length > 1 && (
        <polyline
          points={coordinates.join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      )}
      <circle cx={last[0]} cy={last[1]} r="2.5" fill="currentColor" />
    </svg>
  );
}
