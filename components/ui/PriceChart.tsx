import type { PricePoint } from '../stores/types';
import { formatMoney } from './money';

const WIDTH = 340;
const HEIGHT = 130;
const LEFT = 6;
const RIGHT = 6;
const TOP = 16;
const STOCK_STRIP = 8;
const BOTTOM = 14 + STOCK_STRIP;
const IN_STOCK = new Set(['in_stock', 'limited']);

type Priced = PricePoint & { price_cents: number };

/** A point's place on the time axis (by time, so that gaps between checks show as gaps). */
function timeScale(points: readonly PricePoint[]) {
  const times = points.map((point) => Date.parse(point.observed_at));
  const first = Math.min(...times);
  const span = Math.max(...times) - first || 1;
  return (point: PricePoint) =>
    points.length === 1
      ? WIDTH / 2
      : LEFT + ((Date.parse(point.observed_at) - first) / span) * (WIDTH - LEFT - RIGHT);
}

/**
 * The whole price history as plain SVG: the price line, lowest / highest / current marked and
 * labelled, and under it a strip showing when the product was in stock (filled) or not (empty).
 */
export function PriceChart({ points }: { points: readonly PricePoint[] }) {
  const priced = points.filter((point): point is Priced => point.price_cents !== null);
  if (points.length === 0)
    return (
      <p className="hint" data-testid="price-chart-empty">
        Not checked yet: no history.
      </p>
    );
  const x = timeScale(points);
  const prices = priced.map((point) => point.price_cents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const plotBottom = HEIGHT - BOTTOM;
  const y = (price: number) =>
    high === low
      ? (TOP + plotBottom) / 2
      : TOP + ((high - price) / (high - low)) * (plotBottom - TOP);
  const currency = priced.at(-1)?.currency ?? null;
  const lowest = priced.find((point) => point.price_cents === low);
  const highest = priced.find((point) => point.price_cents === high);
  const current = priced.at(-1);
  const label = current
    ? `Price over ${points.length} checks: lowest ${formatMoney(low, currency)}, highest ${formatMoney(high, currency)}, now ${formatMoney(current.price_cents, currency)}`
    : `Stock over ${points.length} checks; no price could be read`;
  const marks = [
    { point: lowest, kind: 'low', text: `Lowest ${formatMoney(low, currency)}` },
    { point: highest, kind: 'high', text: `Highest ${formatMoney(high, currency)}` },
    { point: current, kind: 'current', text: `Now ${formatMoney(current?.price_cents, currency)}` },
  ].filter(
    (mark): mark is { point: Priced; kind: string; text: string } => mark.point !== undefined,
  );
  return (
    <figure className="price-chart" data-testid="price-chart">
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%">
        <title>{label}</title>
        {priced.length > 1 && (
          <polyline
            points={priced
              .map((p) => `${x(p).toFixed(1)},${y(p.price_cents).toFixed(1)}`)
              .join(' ')}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        )}
        {marks.map(({ point, kind }) => (
          <circle
            key={kind}
            className={`mark-${kind}`}
            cx={x(point)}
            cy={y(point.price_cents)}
            r={kind === 'current' ? 3.5 : 3}
            data-testid={`chart-${kind}`}
          />
        ))}
        {points.map((point) => (
          <rect
            key={point.observed_at}
            className={IN_STOCK.has(point.availability) ? 'stock-in' : 'stock-out'}
            x={x(point) - 1.5}
            y={HEIGHT - STOCK_STRIP}
            width={3}
            height={STOCK_STRIP}
          />
        ))}
      </svg>
      <figcaption className="chart-legend">
        {marks.map(({ kind, text }) => (
          <span key={kind} className={`legend-${kind}`} data-testid={`legend-${kind}`}>
            {text}
          </span>
        ))}
        <span className="muted">Strip: in stock ▮ / out of stock ▯</span>
      </figcaption>
    </figure>
  );
}
