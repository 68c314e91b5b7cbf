/** Runs the sandbox merchant alone: npx tsx server/sandbox-merchant/main.ts [--port 8081] [--host 127.0.0.1] */
import { startSandboxMerchant } from './serve';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const sandbox = await startSandboxMerchant({
  port: Number(flag('port') ?? process.env.SANDBOX_PORT ?? 8081),
  host: flag('host') ?? '127.0.0.1',
  apiKey: flag('api-key') ?? process.env.SANDBOX_API_KEY,
});
console.log(`sandbox merchant listening on ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
