/**
 * Being a good citizen towards the sites we watch: per host, at most one request in flight and
 * at least `minIntervalMs` between request starts; after a 429 or 503 carrying `Retry-After`
 * (delay-seconds or HTTP date, capped at one hour) every request to that host fails fast with
 * `host_backoff` until the time has passed.
 */
import { FetchError } from '../../engine/index';

const MAX_BACKOFF_MS = 60 * 60 * 1000;

export class HostBackoffError extends FetchError {
  constructor(
    readonly host: string,
    /** Epoch milliseconds after which the host may be asked again. */
    readonly retryAt: number,
  ) {
    super(
      'host_backoff',
      `${host} asked us to slow down (Retry-After); not fetching it again before ${new Date(retryAt).toISOString()}`,
    );
  }
}

/** Delay in ms requested by a Retry-After value, or undefined when absent or unparseable. */
function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_BACKOFF_MS);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(date - now, 0), MAX_BACKOFF_MS);
}

interface HostState {
  /** Settles when the last queued request for the host releases its slot. */
  tail: Promise<void>;
  waiting: number;
  lastStart?: number;
  backoffUntil?: number;
}

export interface PolitenessOptions {
  minIntervalMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const hostKey = (hostname: string): string => hostname.toLowerCase().replace(/\.+$/, '');

export class Politeness {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly options: PolitenessOptions) {}

  /** Throws HostBackoffError if the host asked us to back off and the time has not come. */
  assertNotBackedOff(hostname: string): void {
    const key = hostKey(hostname);
    const until = this.hosts.get(key)?.backoffUntil;
    if (until !== undefined && this.options.now() < until) throw new HostBackoffError(key, until);
  }

  /**
   * Waits for the host's slot (one request in flight per host) and the minimum interval, then
   * returns the function that releases the slot. Rejects with HostBackoffError when the host is
   * backing off, or with the signal's reason when aborted while waiting.
   */
  async acquire(hostname: string, signal?: AbortSignal): Promise<() => void> {
    this.assertNotBackedOff(hostname);
    const key = hostKey(hostname);
    const state = this.state(key);
    const previous = state.tail;
    let open!: () => void;
    const mine = new Promise<void>((resolve) => (open = resolve));
    state.tail = previous.then(() => mine);
    state.waiting++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      state.waiting--;
      open();
      this.prune();
    };
    try {
      await abortable(previous, signal);
      this.assertNotBackedOff(hostname);
      if (state.lastStart !== undefined && this.options.minIntervalMs > 0) {
        const wait = state.lastStart + this.options.minIntervalMs - this.options.now();
        if (wait > 0) await abortable(this.options.sleep(wait), signal);
      }
      state.lastStart = this.options.now();
      return release;
    } catch (error) {
      // Hand the slot on only once the request before us is done with it.
      void previous.then(release);
      throw error;
    }
  }

  /** Records a response; 429/503 with Retry-After starts a backoff for the host. */
  noteResponse(hostname: string, status: number, retryAfter: string | undefined): void {
    if (status !== 429 && status !== 503) return;
    const now = this.options.now();
    const delay = parseRetryAfter(retryAfter, now);
    if (delay === undefined || delay <= 0) return;
    const state = this.state(hostKey(hostname));
    state.backoffUntil = Math.max(state.backoffUntil ?? 0, now + delay);
  }

  private state(key: string): HostState {
    let state = this.hosts.get(key);
    if (!state) {
      state = { tail: Promise.resolve(), waiting: 0 };
      this.hosts.set(key, state);
    }
    return state;
  }

  /** Forgets idle hosts whose interval and backoff are over, so the map does not grow forever. */
  private prune(): void {
    if (this.hosts.size < 1024) return;
    const now = this.options.now();
    for (const [key, state] of this.hosts) {
      const idle = state.waiting === 0;
      const intervalOver = (state.lastStart ?? 0) + this.options.minIntervalMs <= now;
      const backoffOver = (state.backoffUntil ?? 0) <= now;
      if (idle && intervalOver && backoffOver) this.hosts.delete(key);
    }
  }
}
