import { startWebhookListener } from '../webhooks-listen';
import { parseFlags, portFlag, UsageError } from './args';

const USAGE =
  'Usage: intent-server webhooks listen --secret whsec_… [--port 4242] [--host 127.0.0.1] [--forward-to URL]';

/** intent-server webhooks listen --secret whsec_… [--port 4242] [--host 127.0.0.1] [--forward-to URL] */
export async function webhooksCommand(args: string[]) {
  const [sub, ...rest] = args;
  if (sub !== 'listen') throw new UsageError(USAGE);
  const { values } = parseFlags(rest, {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    secret: { type: 'string' },
    'forward-to': { type: 'string' },
  });
  const secret = values.secret;
  // whsec_ then base64 (Standard Webhooks): anything else would fail at the first delivery.
  if (
    !secret ||
    !/^whsec_(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(secret)
  )
    throw new UsageError(
      '--secret must be the endpoint secret (whsec_ and base64) that create or rotate_secret returned.',
    );
  if (values['forward-to'] !== undefined && !/^https?:\/\//.test(values['forward-to']))
    throw new UsageError('--forward-to must be an http(s) URL.');
  const listener = await startWebhookListener({
    port: portFlag(values.port, 'port', 4242),
    host: values.host,
    secret,
    ...(values['forward-to'] ? { forwardTo: values['forward-to'] } : {}),
    log: (line) => console.log(line),
  });
  console.log(
    `Listening for webhooks on ${listener.url}  (register it: POST /v1/webhook_endpoints {"url": "${listener.url}/"})`,
  );
  const stop = () => void listener.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
