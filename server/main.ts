import { UsageError } from './cli/args';
import { catalogCommand } from './cli/catalog';
import { keysCommand } from './cli/keys';
import { migrateCommand } from './cli/migrate';
import { receiptsCommand } from './cli/receipts';
import { sandboxCommand } from './cli/sandbox';
import { serveCommand } from './cli/serve';
import { webhooksCommand } from './cli/webhooks';

const USAGE = `Usage: intent-server <command>

  serve [--port 8080] [--host 127.0.0.1] [STORE] [--sandbox-port 8081 | --no-sandbox | --sandbox-url URL]
        [--check-interval SECONDS] [--allow-private-network] [--rate-limit PER_SECOND]
        [--receipt-key FILE] [--instance-id NAME] [--lease-seconds 60] [--webhook-interval-ms 250]
        [--no-samples]
  keys create --partner NAME [--live] [--read-only] [--expires-in 90d] [STORE]
  keys list [STORE]
  keys revoke KEY_PREFIX [STORE]
  keys roll KEY_PREFIX [--overlap 24h] [--expires-in 90d] [STORE]
  migrate [STORE]
  sandbox-merchant [--port 8081] [--host 127.0.0.1]
  receipts verify FILE [--jwks JWKS_FILE | STORE]
  receipts rotate-key [STORE]
  webhooks listen --port N --secret whsec_… [--forward-to URL] [--host 127.0.0.1]
  catalog import FILE --kind products|venues|facilities [--format json|csv|acp] [--mode test|live|both] [STORE]
  catalog stats [STORE]

STORE: --data DIR (embedded SQLite, the default) or --database-url postgres://… [--database-pool-size N]

Environment: PORT, INTENT_DATA_DIR (default ./data), DATABASE_URL (PostgreSQL instead of SQLite),
DATABASE_POOL_SIZE (default 10), INTENT_RATE_LIMIT.`;

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  serve: serveCommand,
  keys: keysCommand,
  migrate: migrateCommand,
  'sandbox-merchant': sandboxCommand,
  receipts: receiptsCommand,
  webhooks: webhooksCommand,
  catalog: catalogCommand,
};

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    console.log(USAGE);
    process.exitCode = command && !['help', '--help', '-h'].includes(command) ? 2 : 0;
    return;
  }
  await run(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
