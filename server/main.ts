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
  webhooks listen --secret whsec_… [--port 4242] [--host 127.0.0.1] [--forward-to URL]
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

/** The lines of USAGE for one command (with their continuation lines). */
function usageOf(command: string): string {
  const lines = USAGE.split('\n');
  const block: string[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith(`  ${command} `)) return;
    block.push(line);
    for (let next = i + 1; lines[next]?.startsWith('        '); next++) block.push(lines[next]!);
  });
  const store = block.some((line) => line.includes('STORE'))
    ? `\n\n${lines.find((line) => line.startsWith('STORE:'))}`
    : '';
  return `Usage: intent-server\n${block.join('\n')}${store}`;
}

/** Whether the arguments ask for help (before any `--`, after which everything is an argument). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

async function main(argv: string[]) {
  const [name, ...rest] = argv;
  if (!name || ['help', '--help', '-h'].includes(name)) {
    console.log(USAGE);
    return;
  }
  const run = COMMANDS[name];
  if (!run) {
    console.error(`Unknown command '${name}'.\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (asksForHelp(rest)) {
    console.log(usageOf(name));
    return;
  }
  try {
    await run(rest);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const saysUsage = error.message.includes('intent-server');
    console.error(
      saysUsage ? error.message : `${error.message}\nSee: intent-server ${name} --help`,
    );
    process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
