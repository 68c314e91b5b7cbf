import { createServer } from 'node:http';

/** The yardstick: a bare node:http server answering a constant JSON body. */
const body = JSON.stringify({
  object: 'intent',
  intent_id: 'int_01M81D8FYAQP8QXJDJRA5CKVKS',
  status: 'active',
});
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
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
