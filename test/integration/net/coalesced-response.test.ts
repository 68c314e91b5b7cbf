import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CoalescedResponse } from '../../../server/http/coalesced-response';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function listen(handler: (res: ServerResponse, path: string) => void): Promise<number> {
  server = createServer({ ServerResponse: CoalescedResponse }, (req, res) =>
    handler(res, req.url!),
  );
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)),
  );
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('responses ended together at the end of the event loop turn', () => {
  it('sends an ended response only once the turn is over, whole, and calls back after', async () => {
    const seen: string[] = [];
    const port = await listen((res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('hello', () => seen.push('callback'));
      seen.push(`ended at once: ${res.writableEnded}`);
      setImmediate(() => seen.push(`ended after the turn: ${res.writableEnded}`));
    });
    expect(await get(port, '/')).toEqual({ status: 200, body: 'hello' });
    expect(seen).toContain('ended at once: false');
    expect(seen).toContain('ended after the turn: true');
    expect(seen).toContain('callback');
  });

  it('answers many requests at once, each with its own body', async () => {
    const port = await listen((res, path) => res.end(`body of ${path}`));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get(port, `/r${i}`)));
    answers.forEach((answer, i) => expect(answer.body).toBe(`body of /r${i}`));
  });

  it('keeps pipelined answers on one connection in order', async () => {
    const port = await listen((res, path) => res.end(path));
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    const requests = ['/a', '/b', '/c']
      .map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)
      .join('');
    socket.write(requests);
    await new Promise<void>((resolve) => {
      const check = () =>
        (text.match(/HTTP\/1\.1 200/g) ?? []).length === 3 ? resolve() : setTimeout(check, 5);
      check();
    });
    socket.destroy();
    const bodies = text
      .split(/\r\n\r\n/)
      .slice(1)
      .map((part) => part.slice(0, 2));
    expect(bodies).toEqual(['/a', '/b', '/c']);
  });

  it('takes a client gone before the turn ended in its stride', async () => {
    let ended: () => void;
    const endedOnGoneClient = new Promise<void>((resolve) => (ended = resolve));
    const port = await listen((res) => {
      res.socket!.destroy(); // the client is gone before the deferred end runs
      res.end('too late');
      setImmediate(() => setImmediate(ended));
    });
    await get(port, '/').catch(() => undefined);
    await endedOnGoneClient;
    // The server still answers the next client.
    server!.removeAllListeners('request');
    server!.on('request', (_req, res: ServerResponse) => res.end('next'));
    expect((await get(port, '/')).body).toBe('next');
  });
});
