import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes commits durable off the thread serving requests. The writer commits with
 * synchronous=NORMAL: SQLite writes the WAL frames and their commit record but does not sync them
 * (it still syncs the WAL header when the log starts over, and around checkpoints). Here the WAL
 * file is then fdatasync'ed on libuv's thread pool — what synchronous=FULL does inside COMMIT, on
 * the calling thread — and whoever waits for the commit is told only once that sync is done. One
 * sync covers every commit made before it started, so commits made while one runs share the next.
 *
 * Sequence numbers say what is durable: `committed()` after each COMMIT returns the commit's
 * number; `durable(n)` resolves once commit n (and every earlier one) is on disk. A read notes
 * `lastCommit()` before it runs and answers once that commit is durable: nobody is shown a
 * commit before it is on disk.
 */
export type SyncFile = (fd: number, done: (error: Error | null) => void) => void;

export function createWalSync(databaseFile: string, syncFile: SyncFile = fdatasync) {
  let fd: number | null = null;
  /** The log file, opened at the first sync (SQLite makes it at the first write). */
  const walFd = () => {
    if (fd !== null) return fd;
    fd = openSync(`${databaseFile}-wal`, 'r');
    // The log file may have just been made: its directory entry must survive a power loss too.
    const directory = openSync(dirname(databaseFile), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    return fd;
  };
  let committedSeq = 0;
  let durableSeq = 0;
  let running: Promise<void> | null = null;
  let failure: Error | null = null;
  const waiters: { seq: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  function settle() {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (failure) waiter.reject(failure);
      else if (waiter.seq <= durableSeq) waiter.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  }

  function startSync() {
    if (running || durableSeq >= committedSeq || failure) return;
    const covers = committedSeq;
    let finish = () => {};
    running = new Promise<void>((resolve) => (finish = resolve));
    let called = false;
    const done = (error: Error | null) => {
      // Once per sync, even from a syncFile that calls back and then throws.
      if (called) return;
      called = true;
      running = null;
      // A failed sync leaves durability unknown: nothing waiting, or waiting later, is told "done".
      if (error) failure = new Error(`WAL sync failed: ${error.message}`);
      else durableSeq = covers;
      settle();
      startSync();
      finish();
    };
    // One that cannot even start (the log file cannot be opened) fails the same way, rather than
    // leaving a sync running forever that the next commits would wait for.
    try {
      syncFile(walFd(), done);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  }

  return {
    /** Call right after a COMMIT; returns its sequence number. */
    committed(): number {
      return ++committedSeq;
    },
    /** Resolves once commit `seq` is on disk (now, if it is). */
    durable(seq: number): Promise<void> {
      if (failure) return Promise.reject(failure);
      if (seq <= durableSeq) return Promise.resolve();
      const wait = new Promise<void>((resolve, reject) => waiters.push({ seq, resolve, reject }));
      startSync();
      return wait;
    },
    /** Runs `next` once no sync is running: now if none is, else when the running one ends. */
    whenIdle(next: () => void) {
      if (running) void running.then(next);
      else next();
    },
    /** Why durability is unknown since a sync failed (nothing is durable after it), or null. */
    failure: () => failure,
    /** The number of the last commit: what a read made now sees. */
    lastCommit: () => committedSeq,
    async close() {
      await this.durable(committedSeq).catch(() => {});
      while (running) await running;
      if (fd !== null) closeSync(fd);
    },
  };
}

export type WalSync = ReturnType<typeof createWalSync>;
