import { startSandboxMerchant } from '../sandbox-merchant/index';
import { parseFlags, portFlag } from './args';

/** intent-server sandbox-merchant [--port 8081] [--host 127.0.0.1] */
export async function sandboxCommand(args: string[]) {
  const { values } = parseFlags(args, {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
  });
  const sandbox = await startSandboxMerchant({
    port: portFlag(values.port, 'port', 8081),
    host: values.host,
  });
  console.log(`Sandbox merchant: ${sandbox.url}  (control API under ${sandbox.url}/_control)`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
