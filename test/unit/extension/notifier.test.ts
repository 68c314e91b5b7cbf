import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiCall, ApiReply } from '../../../components/messages';
import { createNotifier, openPopupFor, shopToOpen } from '../../../entrypoints/background/notify';

interface Item {
  intent_id: string;
  status: string;
  objective: { product: { product_title: string; product_url: string } };
  next_action: { type: string; instructions: string } | null;
  last_observation: { price_cents: number; currency: string } | null;
}

const item = (n: number, status = 'waiting'): Item => ({
  intent_id: `int_${String(n).padStart(4, '0')}`,
  status,
  objective: {
    product: { product_title: `Lamp ${n}`, product_url: `https://shop.example/p/${n}` },
  },
  next_action: null,
  last_observation: { price_cents: 119_900, currency: 'EUR' },
});

const json = (body: unknown): ApiReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The list endpoint over `intents` (newest first), paged with limit and starting_after. */
function engineOver(intents: Item[]) {
  return async (call: ApiCall): Promise<ApiReply> => {
    const url = new URL(call.path, 'https://engine.local');
    const one = /^\/v1\/intents\/([^/]+)$/.exec(url.pathname);
    if (one) return json(intents.find((intent) => intent.intent_id === one[1]));
    const status = url.searchParams.get('status');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const after = url.searchParams.get('starting_after');
    const matching = intents.filter((intent) => !status || intent.status === status);
    const start = after ? matching.findIndex((intent) => intent.intent_id === after) + 1 : 0;
    const data = matching.slice(start, start + limit);
    const has_more = start + limit < matching.length;
    return json({ data, has_more, next_cursor: has_more ? data.at(-1)!.intent_id : null });
  };
}

const created = () => fakeBrowser.notifications.getAllCreateOptions();

describe('the notifier', () => {
  beforeEach(() => fakeBrowser.reset());

  it('announces a change on an intent older than the newest 100, once', async () => {
    const intents = Array.from({ length: 250 }, (_, n) => item(250 - n));
    const notifier = createNotifier(engineOver(intents));
    await notifier.refresh(); // the first look only records
    expect(Object.keys(created())).toEqual([]);

    const oldest = intents.at(-1)!;
    oldest.status = 'requires_user_action';
    oldest.next_action = { type: 'confirmation', instructions: 'Buy it at the shop' };
    await notifier.refresh();
    expect(created()[`intent:${oldest.intent_id}:requires_user_action`]).toMatchObject({
      title: 'Price reached',
      message: expect.stringContaining('Lamp 1 — €1,199.00'),
    });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');

    // It ends, still older than the newest 100 and no longer open: its end is announced too.
    oldest.status = 'failed';
    await notifier.refresh();
    expect(Object.keys(created())).toContain(`intent:${oldest.intent_id}:failed`);
    await notifier.refresh();
    expect(Object.keys(created())).toHaveLength(2);
  });

  it('groups many changes of one look into one notification, a line per product', async () => {
    const intents = Array.from({ length: 6 }, (_, n) => item(n));
    const notifier = createNotifier(engineOver(intents));
    await notifier.refresh();
    for (const intent of intents.slice(0, 5)) intent.status = 'succeeded';
    await notifier.refresh();
    const ids = Object.keys(created());
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^intents:/);
    expect(created()[ids[0]!]).toMatchObject({
      title: 'Bought: 5 products',
      message: [
        'Lamp 0 — €1,199.00',
        'Lamp 1 — €1,199.00',
        'Lamp 2 — €1,199.00',
        'and 2 more',
      ].join('\n'),
    });
  });

  it('joins the looks asked for while one waits: fifty API writes in a row cost two looks', async () => {
    const intents = Array.from({ length: 3 }, (_, n) => item(n));
    const engine = engineOver(intents);
    let requests = 0;
    let hold = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const notifier = createNotifier(async (call) => {
      requests++;
      if (hold && requests === 1) await held; // the look under way is still reading
      return engine(call);
    });
    await notifier.refresh(); // records
    requests = 0;
    hold = true;
    const first = notifier.refresh();
    await vi.waitFor(() => expect(requests).toBeGreaterThan(0));
    // A change the running look may already have missed, then fifty more asks.
    intents[0]!.status = 'succeeded';
    const asks = Array.from({ length: 50 }, () => notifier.refresh());
    release();
    await Promise.all([first, ...asks]);
    const perLook = 5; // four open statuses and the newest page
    expect(requests).toBeLessThanOrEqual(2 * perLook + 1);
    expect(Object.keys(created())).toContain(`intent:${intents[0]!.intent_id}:succeeded`);
  });

  it('starts looks at most once per gap, however often API writes ask for one', async () => {
    const intents = Array.from({ length: 3 }, (_, n) => item(n));
    const engine = engineOver(intents);
    let requests = 0;
    const notifier = createNotifier(
      async (call) => {
        requests++;
        return engine(call);
      },
      { lookGapMs: 100 },
    );
    await notifier.refresh();
    requests = 0;
    // A write every 10 ms for 300 ms, none waiting for its look (as the background's API handler).
    const asks: Promise<void>[] = [];
    const started = Date.now();
    while (Date.now() - started < 300) {
      asks.push(notifier.refresh());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    intents[1]!.status = 'failed';
    asks.push(notifier.refresh());
    await Promise.all(asks);
    const looks = requests / 5; // four open statuses and the newest page
    expect(looks).toBeLessThanOrEqual(6);
    expect(Object.keys(created())).toContain(`intent:${intents[1]!.intent_id}:failed`);
  });

  it('names the kind of each change in a group of mixed kinds', async () => {
    const intents = [item(1), item(2), item(3)];
    const notifier = createNotifier(engineOver(intents));
    await notifier.refresh();
    intents[0]!.status = 'succeeded';
    intents[1]!.status = 'failed';
    intents[2]!.status = 'requires_user_action';
    intents[2]!.next_action = { type: 'confirmation', instructions: 'Buy it' };
    await notifier.refresh();
    const [group] = Object.values(created());
    expect(group).toMatchObject({
      title: '3 watched products need a look',
      // What still waits for the user comes first (open intents are listed first).
      message: [
        'Price reached: Lamp 3 — €1,199.00',
        'Bought: Lamp 1 — €1,199.00',
        'Purchase failed: Lamp 2 — €1,199.00',
      ].join('\n'),
    });
  });

  it('stays quiet about price drops when they are turned off, never about codes', async () => {
    const intents = [item(1), item(2)];
    const notifier = createNotifier(engineOver(intents), {
      notifyPriceDrops: async () => false,
    });
    await notifier.refresh();
    intents[0]!.status = 'requires_user_action';
    intents[0]!.next_action = { type: 'confirmation', instructions: 'Buy it' };
    intents[1]!.status = 'requires_user_action';
    intents[1]!.next_action = { type: 'otp', instructions: 'Enter the code' };
    await notifier.refresh();
    expect(Object.keys(created())).toEqual([
      `intent:${intents[1]!.intent_id}:requires_user_action`,
    ]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('2');
  });

  it("opens the shop's product page for a price reached at a shop without an API", async () => {
    const [assisted, otp] = [item(1, 'requires_user_action'), item(2, 'requires_user_action')];
    assisted.next_action = { type: 'confirmation', instructions: 'Buy it' };
    otp.next_action = { type: 'otp', instructions: 'Enter the code' };
    const call = engineOver([assisted, otp]);
    expect(await shopToOpen(call, assisted.intent_id)).toBe('https://shop.example/p/1');
    expect(await shopToOpen(call, otp.intent_id)).toBeNull();
  });

  it("opens the popup at the intent's card, or on the Watching list for a group", async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const popup = fakeBrowser.runtime.getURL('/popup.html');
    await openPopupFor('int_0001');
    await openPopupFor(null);
    expect(create.mock.calls.map(([options]) => options.url)).toEqual([
      `${popup}?intent=int_0001`,
      `${popup}?view=watching`,
    ]);
  });
});
