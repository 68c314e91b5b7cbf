import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * Checkpoints the WAL on a worker thread with its own connection, so that copying pages back into
 * the database file (and the fsyncs that go with it) never blocks the thread serving requests.
 * PASSIVE checkpoints run beside the writer without taking its lock and are as crash-safe as
 * SQLite's automatic ones. Under writes that never pause they cannot catch up with the end of the
 * log, so the writer keeps its own automatic checkpoint, at a high mark, to start the log over;
 * by then the worker has copied nearly every page, so that checkpoint is short.
 *
 * Plain JavaScript evaluated in the worker: it needs no TypeScript loader in tests or production.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

export interface CheckpointerOptions {
  /** Least time between two checkpoints while commits keep coming. */
  minIntervalMs?: number;
  onError?: (error: string) => void;
}

export function startCheckpointer(file: string, options: CheckpointerOptions = {}) {
  const minInterval = options.minIntervalMs ?? 100;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // A dead worker (it could not open the file, say) only costs the writer its own, bounded,
  // checkpoints (sqlite.ts); it must never crash or hang the process.
  let alive = true;
  let running = false;
  let wanted = false;
  let lastStarted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    timer = undefined;
    wanted = false;
    running = true;
    lastStarted = performance.now();
    worker.postMessage('run');
  };

  const maybeRun = () => {
    if (!alive || running || timer || !wanted) return;
    const wait = lastStarted + minInterval - performance.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait).unref();
  };

  worker.on('error', (error) => options.onError?.(String(error)));
  worker.on('exit', () => {
    alive = false;
  });
  worker.on('message', (message: { ok: boolean; error?: string }) => {
    running = false;
    if (!message.ok) options.onError?.(message.error!);
    maybeRun();
  });
  // A checkpointer waiting for work must not keep the process alive (unref after the listener:
  // adding a 'message' listener refs the worker's port again).
  worker.unref();

  return {
    /** Call after a commit: a checkpoint follows soon, never two at once. */
    committed() {
      wanted = true;
      maybeRun();
    },
    async close() {
      if (timer) clearTimeout(timer);
      if (!alive) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref(); // the caller awaits the exit: it must keep the process alive until then
      worker.postMessage('close');
      await exited;
    },
  };
}

/**
 * Keeps the WAL of `writer` (the connection that commits to `file`) short: checkpoints on a
 * worker thread, not inside the writer's commits — except, as a bound on the log's size, once it
 * passes `logBoundPages` — and the log file cut back to 32 MB once it starts over. Returns the
 * checkpointer: call `committed()` after each commit, `close()` at the end.
 */
export function keepLogShort(
  writer: Database.Database,
  file: string,
  options: { logBoundPages?: number; checkpoints?: CheckpointerOptions } = {},
) {
  writer.pragma(`wal_autocheckpoint = ${options.logBoundPages ?? 8192}`);
  writer.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
  return startCheckpointer(file, options.checkpoints);
}
