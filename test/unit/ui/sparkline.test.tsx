import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Sparkline } from '../../../components/ui/Sparkline';

const point = (price_cents: number | null, currency = 'USD') => ({
  observed_at: '2026-01-01T00:00:00Z',
  price_cents,
  currency,
  availability: 'in_stock',
});

describe('Sparkline', () => {
  it('draws one line through the priced points and labels low, high and now', () => {
    const html = renderToStaticMarkup(
      <Sparkline points={[point(2000), point(null), point(1500), point(1800)]} />,
    );
    expect(html).toContain('<polyline');
    expect(html.match(/points="([^"]+)"/)![1]!.split(' ')).toHaveLength(3);
    expect(html).toMatch(
      /aria-label="Price history over 3 points: low \$15\.00, high \$20\.00, now \$18\.00"/,
    );
  });

  it('says so when there is no price yet', () => {
    expect(renderToStaticMarkup(<Sparkline points={[point(null)]} />)).toContain(
      'No price history yet',
    );
    expect(renderToStaticMarkup(<Sparkline points={undefined} />)).toContain('No price history');
  });
});
