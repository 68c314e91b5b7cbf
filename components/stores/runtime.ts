import type { z } from 'zod';
import type { Message, ReplyTo } from '../messages';

/** A message to the background, in the shape `components/messages.ts` validates. */
type OutgoingMessage = z.input<typeof Message>;

/**
 * Sends a message to the background and returns its typed reply. No reply (no listener) or a
 * refusal (`{error: {code, message}}`) becomes a thrown Error, so callers handle one failure path.
 */
export async function sendToBackground<M extends OutgoingMessage>(
  message: M,
): Promise<ReplyTo[M['type']]> {
  const reply: unknown = await browser.runtime.sendMessage(message);
  if (reply === undefined || reply === null) {
    throw new Error('The extension background did not answer. Reload the extension and retry.');
  }
  if (typeof reply === 'object' && 'error' in reply && reply.error) {
    const { error } = reply;
    throw new Error(
      typeof error === 'object' && 'message' in error && typeof error.message === 'string'
        ? error.message
        : 'The extension background refused the request.',
    );
  }
  return reply as ReplyTo[M['type']];
}

/** Asks the background to run a monitor round now; a failure only delays the next check. */
export function requestMonitorTick(): void {
  sendToBackground({ type: 'monitor.tick' }).catch(() => undefined);
}
