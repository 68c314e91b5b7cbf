import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../bin/node-flags.js';

const BIN = fileURLToPath(new URL('../../bin/intent-server.js', import.meta.url));

/** The test runner's environment without a store choice: each test says which store it wants. */
function childEnv(extra: Record<string, string>) {
  const { DATABASE_URL: _url, DATABASE_POOL_SIZE: _size, ...env } = process.env;
  return { ...env, ...extra };
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts `intent-server serve --port 0` and waits for it to print its address: by node with the
 * server's flags, or (`executable`) as the bin file itself, its first line choosing node and flags.
 */
export async function startServer(
  args: string[],
  env: Record<string, string> = {},
  startTimeoutMs = 20_000,
  how: 'node' | 'executable' = 'node',
): Promise<ServerProcess> {
  const serve = [BIN, 'serve', '--port', '0', ...args];
  const [command, commandArgs] =
    how === 'node' ? [process.execPath, [...SERVER_NODE_FLAGS, ...serve]] : [BIN, serve.slice(1)];
  const child = spawn(command, commandArgs, {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const baseUrl = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      startTimeoutMs,
    );
    const check = () => {
      const match = out.match(/API: (http:\/\/[\d.:]+)\/v1/);
      if (match && out.includes('Ready.')) {
        clearTimeout(timer);
        resolvePromise(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    child,
    baseUrl,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

/** Runs the CLI to completion and returns its stdout. */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}
