let waiting: Array<() => void> = [];

function release() {
  const batch = waiting;
  waiting = [];
  for (const work of batch) work();
}

/**
 * Runs `work` at the end of this turn of the event loop (setImmediate), after the work queued
 * before it: the requests handed to the engine (turn-batched.ts) and the responses sent
 * (coalesced-response.ts) of one turn, each kind together.
 */
export function atTurnEnd(work: () => void): void {
  if (waiting.push(work) === 1) setImmediate(release);
}
