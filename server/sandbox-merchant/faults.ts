import { z } from 'zod';
import type { SandboxContext } from './context';
import { SandboxError } from './errors';
import { FAULT_KINDS, FAULT_OPS, type Fault, type FaultOp, type SandboxState } from './types';

/**
 * Injected faults for crash / retry tests. Each fault fires once, on the next request of its op.
 * - error_500: answers 500 and does nothing.
 * - error_500_after_commit: does the work (and records it for idempotent replay), answers 500.
 * - timeout_then_commit: holds the request delay_ms (default 1500) before doing the work.
 * - drop_connection_after_commit: does the work, then drops the connection without a response.
 */
export const FaultsBody = z.strictObject({
  next: z.array(
    z.strictObject({
      op: z.enum(FAULT_OPS),
      kind: z.enum(FAULT_KINDS),
      delay_ms: z.number().int().min(0).max(60_000).optional(),
    }),
  ),
});

export function setFaults(state: SandboxState, body: z.infer<typeof FaultsBody>): void {
  state.faults.length = 0;
  for (const f of body.next)
    state.faults.push({ op: f.op, kind: f.kind, delay_ms: f.delay_ms ?? 1500 });
}

export function takeFault(state: SandboxState, op: FaultOp): Fault | undefined {
  const index = state.faults.findIndex((f) => f.op === op);
  return index < 0 ? undefined : state.faults.splice(index, 1)[0];
}

export function failBeforeCommit(fault: Fault | undefined): void {
  if (fault?.kind === 'error_500') {
    throw new SandboxError(
      500,
      'internal_error',
      'Injected fault error_500: nothing was done; retry.',
    );
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Turns the real response into what the faulty network delivers. */
export function deliver(c: SandboxContext, fault: Fault | undefined, response: Response): Response {
  if (fault?.kind === 'error_500_after_commit') {
    return c.json(
      {
        type: 'processing_error',
        code: 'internal_error',
        message: 'Injected fault: the outcome is unknown; GET the resource to reconcile.',
      },
      500,
    );
  }
  if (fault?.kind === 'drop_connection_after_commit') {
    // On a real port the socket is destroyed; in-process (app.request) the body stream fails.
    const socket = c.env?.incoming?.socket;
    if (socket) {
      socket.destroy();
      return new Response(null, { status: 204 });
    }
    const body = new ReadableStream({
      start: (controller) => controller.error(new Error('connection dropped')),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  }
  return response;
}
