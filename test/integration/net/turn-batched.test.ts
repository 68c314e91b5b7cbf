import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { turnBatched } from '../../../server/http/turn-batched';

const request = (path: string) => new Request(`http://x${path}`);
const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

describe('requests handed to the engine together at the end of the turn', () => {
  it('calls fetch only once the turn is over, for every request of it, in the order they came', async () => {
    const seen: string[] = [];
    const fetch = turnBatched((r) => {
      seen.push(new URL(r.url).pathname);
      return new Response('ok');
    });
    const answers = ['/a', '/b', '/c'].map((path) => fetch(request(path)));
    expect(seen).toEqual([]);
    await turnEnd();
    expect(seen).toEqual(['/a', '/b', '/c']);
    for (const answer of await Promise.all(answers)) expect(await answer.text()).toBe('ok');
  });

  it('hands a request of the next turn over in that turn, not with the one before', async () => {
    const turns: number[] = [];
    let turn = 0;
    const fetch = turnBatched(() => {
      turns.push(turn);
      return new Response(null, { status: 204 });
    });
    const first = fetch(request('/1'));
    await turnEnd();
    turn = 1;
    const second = fetch(request('/2'));
    await Promise.all([first, second]);
    expect(turns).toEqual([0, 1]);
  });

  it('answers what fetch answers: its promise, its error, a throw', async () => {
    const fetch = turnBatched(async (r) => {
      const path = new URL(r.url).pathname;
      if (path === '/throw') throw new Error('thrown');
      return new Response(path, { status: 201 });
    });
    const sync = turnBatched(() => {
      throw new Error('thrown at once');
    });
    const answer = await fetch(request('/made'));
    expect(answer.status).toBe(201);
    expect(await answer.text()).toBe('/made');
    await expect(fetch(request('/throw'))).rejects.toThrow('thrown');
    await expect(sync(request('/x'))).rejects.toThrow('thrown at once');
  });

  describe('behind the Node adapter', () => {
    let server: ServerType | undefined;
    afterEach(
      () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    );

    it('answers every one of many concurrent requests with its own body', async () => {
      const fetch = turnBatched(async (r) => {
        const body = await r.text();
        await turnEnd();
        return new Response(`${new URL(r.url).pathname}:${body}`);
      });
      const port = await new Promise<number>((resolve) => {
        server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve(info.port),
        );
      });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          globalThis
            .fetch(`http://127.0.0.1:${port}/r${i}`, { method: 'POST', body: `b${i}` })
            .then((res) => res.text()),
        ),
      );
      answers.forEach((answer, i) => expect(answer).toBe(`/r${i}:b${i}`));
    });
  });
});
