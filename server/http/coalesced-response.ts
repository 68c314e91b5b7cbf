import { ServerResponse, type IncomingMessage } from 'node:http';
import { atTurnEnd } from './turn-end';

/**
 * A response whose `end` takes effect at the end of the event loop's turn (setImmediate), with
 * every other response ended in that turn, in order — as uWebSockets corks a loop iteration's
 * writes. Each response written alone wakes a client that has gone idle in the meantime, and on a
 * virtual machine that wake-up (a cross-CPU interrupt) costs more than the request's own work:
 * under load the writes of one turn now go out back to back and wake the client once. Measured on
 * this project's 2-vCPU VM (GET /v1/intents/{id}, 50 connections, runs alternated): 24–27k → 31–35k
 * requests/s, thread CPU per request 36–44 → 28–31 µs, p99 no worse. A response waits at most for
 * the callbacks already queued in the same turn.
 */
export class CoalescedResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  override end(...args: unknown[]): this {
    atTurnEnd(() => Reflect.apply(ServerResponse.prototype.end, this, args));
    return this;
  }
}
