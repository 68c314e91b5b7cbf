import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { CoalescedResponse } from '../server/http/coalesced-response';

/**
 * The GET's floor through our HTTP stack: Hono routing `/v1/intents/:id` and @hono/node-server
 * with the server's coalesced responses, answering FILE's text and an X-Request-Id as GET
 * /v1/intents/{id} answers — everything of ours (request id, key, reads, view) taken away.
 *
 * `node --import tsx bench/framework-floor-server.ts --body-file FILE`
 */
const body = readFileSync(process.argv[process.argv.indexOf('--body-file') + 1]!, 'utf8');
const app = new Hono();
app.get(
  '/v1/intents/:id',
  () =>
    new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req_01M8C854NK42M8Q5TTNSHXTCH8',
      },
    }),
);
const server = serve(
  {
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: { ServerResponse: CoalescedResponse },
  },
  (info) => console.log(`Baseline: http://127.0.0.1:${info.port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
