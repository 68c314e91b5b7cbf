import { describe, expect, it, vi } from 'vitest';

const row = (n: number, status: string) => ({
  object: 'intent',
  intent_id: `int_${n}`,
  status,
  created_at: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  objective: { product: { product_url: `https://shop.example/p/${n}` } },
  last_observation: null,
});

// 50 newer intents and one older intent waiting for an OTP, as the API would list them.
const recent = Array.from({ length: 50 }, (_, i) => row(100 + i, 'waiting')).reverse();
const asking = [row(1, 'requires_user_action')];
const listIntents = vi.fn(async (params: { status?: string }) => ({
  object: 'list',
  data: params.status === 'requires_user_action' ? asking : recent,
  has_more: false,
}));

vi.mock('../../../components/stores/api', async (original) => ({
  ...(await original<typeof import('../../../components/stores/api')>()),
  v1: () => ({ listIntents, priceHistory: async () => ({ data: [] }) }),
}));

const { useIntentsStore } = await import('../../../components/stores/intents-store');

describe('the popup intent list', () => {
  it('keeps an intent waiting for the user even when 50 newer ones exist', async () => {
    await useIntentsStore.getState().refresh();
    const { intents } = useIntentsStore.getState();
    expect(intents.map((i) => i.intent_id)).toContain('int_1');
    expect(intents).toHaveLength(51);
    expect(intents[0]!.intent_id).toBe('int_149');
    expect(intents.at(-1)!.intent_id).toBe('int_1');
  });
});
