import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The yardstick: a bare node:http server answering a constant JSON body. With `--body-file FILE`
 * it answers FILE's text and an X-Request-Id, as GET /v1/intents/{id} answers: the floor of that
 * GET (the same bytes on the wire, nothing else).
 */
const fileAt = process.argv.indexOf('--body-file');
const body =
  fileAt >= 0
    ? readFileSync(process.argv[fileAt + 1]!, 'utf8')
    : JSON.stringify({
        object: 'intent',
        intent_id: 'int_01M81D8FYAQP8QXJDJRA5CKVKS',
        status: 'active',
      });
const requestId = fileAt >= 0 ? { 'X-Request-Id': 'req_01M8C854NK42M8Q5TTNSHXTCH8' } : {};
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...requestId,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `Baseline: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
