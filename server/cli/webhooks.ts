import { startWebhookListener } from '../webhooks-listen';
import { parseFlags, portFlag, UsageError } from './args';

/** intent-server webhooks listen --port N --secret whsec_… [--forward-to URL] [--host 127.0.0.1] */
export async function webhooksCommand(args: string[]) {
  const [sub, ...rest] = args;
  if (sub !== 'listen')
    throw new UsageError(
      'Usage: intent-server webhooks listen --port N --secret whsec_… [--forward-to URL]',
    );
  const { values } = parseFlags(rest, {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    secret: { type: 'string' },
    'forward-to': { type: 'string' },
  });
  const secret = values.secret;
  if (!secret?.startsWith('whsec_'))
    throw new UsageError(
      '--secret must be the endpoint secret (whsec_…) that create or rotate_secret returned.',
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
