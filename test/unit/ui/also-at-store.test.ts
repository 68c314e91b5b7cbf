import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageProduct } from '../../../components/stores/also-at';

const resolveProducts = vi.fn();
vi.mock('../../../components/stores/api', async (original) => ({
  ...(await original<typeof import('../../../components/stores/api')>()),
  v1: () => ({ resolveProducts }),
}));

const { useAlsoAtStore } = await import('../../../components/stores/also-at-store');

const page = (url: string): PageProduct => ({
  urls: [url],
  merchant: 'a.example',
  currency: 'USD',
  title: 'Kettle',
  brand: null,
  gtin: '4006381333931',
  mpn: null,
  sku: null,
});
const sold = (url: string) => ({
  candidates: [
    {
      product_id: 'prod_1',
      name: 'Kettle',
      identifiers: { gtin: '04006381333931' },
      offers: [
        { merchant: 'a.example', url, price_cents: 5_000, currency: 'USD' },
        { merchant: 'b.example', url: 'https://b.example/k', price_cents: 4_500, currency: 'USD' },
      ],
    },
  ],
});

describe('the "also at" lookup', () => {
  beforeEach(() => {
    resolveProducts.mockReset();
    useAlsoAtStore.setState({ page: null, alsoAt: undefined });
  });

  it('asks the catalog once per page and keeps its other merchants', async () => {
    resolveProducts.mockResolvedValue(sold('https://a.example/k'));
    await useAlsoAtStore.getState().load(page('https://a.example/k'));
    await useAlsoAtStore.getState().load(page('https://a.example/k'));
    expect(resolveProducts).toHaveBeenCalledTimes(1);
    expect(resolveProducts).toHaveBeenCalledWith({ query: '4006381333931', limit: 5 });
    expect(useAlsoAtStore.getState().alsoAt?.offers.map((o) => o.merchant)).toEqual(['b.example']);
  });

  it('shows nothing when the engine fails, and an answer for another page is dropped', async () => {
    resolveProducts.mockRejectedValueOnce(new Error('engine_unreachable'));
    await useAlsoAtStore.getState().load(page('https://a.example/k'));
    expect(useAlsoAtStore.getState()).toMatchObject({ page: 'https://a.example/k', alsoAt: null });

    let answer!: (value: unknown) => void;
    resolveProducts.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = useAlsoAtStore.getState().load(page('https://a.example/one'));
    resolveProducts.mockResolvedValueOnce({ candidates: [] });
    await useAlsoAtStore.getState().load(page('https://a.example/two'));
    answer(sold('https://a.example/one'));
    await first;
    expect(useAlsoAtStore.getState()).toMatchObject({
      page: 'https://a.example/two',
      alsoAt: null,
    });
  });
});
