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
  const own = lines.flatMap((line, i) => {
    if (line.startsWith(`  ${command} `) || line === `  ${command}`) return [i];
    return [];
  });
  const block = own.flatMap((start) => {
    const out = [lines[start]!];
    for (let i = start + 1; lines[i]?.startsWith('        '); i++) out.push(lines[i]!);
    return out;
  });
  const store = block.some((line) => line.includes('STORE'))
    ? `\n\n${lines.find((l) => l.startsWith('STORE:'))}`
    : '';
  return `Usage: intent-server\n${block.join('\n')}${store}`;
}

/** Whether the arguments ask for help (before any `--`, after which everything is an argument). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

let command: string | undefined;

async function main(argv: string[]) {
  const [name, ...rest] = argv;
  command = name;
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
  await run(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    const saysUsage = error.message.includes('intent-server');
    console.error(
      saysUsage ? error.message : `${error.message}\nSee: intent-server ${command} --help`,
    );
    process.exitCode = 2;
    return;
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
