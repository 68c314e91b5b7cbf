import { browser, type Browser } from 'wxt/browser';
import { z } from 'zod';
import { Message, type MessageRefused, type ReplyTo } from '../../components/messages';

/** One handler per message type, each answering with that type's reply. */
export type Handlers = {
  [K in Message['type']]: (message: Extract<Message, { type: K }>) => Promise<ReplyTo[K]>;
};

export const refused = (
  code: MessageRefused['error']['code'],
  message: string,
): MessageRefused => ({
  error: { code, message },
});

/**
 * Only this extension's own pages (popup, options, a popup opened in a tab) may talk to the
 * background: same extension id AND a document under the extension's origin. Content scripts
 * run with our id but report the page's URL, so they are refused too.
 */
export function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const root = browser.runtime.getURL('/');
  if (typeof sender.url !== 'string' || !sender.url.startsWith(root)) return false;
  return sender.origin === undefined || `${sender.origin}/` === root;
}

/** Validates a message (sender, then shape) and hands it to its handler. */
export async function route(
  raw: unknown,
  sender: Browser.runtime.MessageSender,
  handlers: Handlers,
): Promise<unknown> {
  if (!isOwnPage(sender))
    return refused(
      'sender_not_allowed',
      'Only the pages of this extension may call its background.',
    );
  const parsed = Message.safeParse(raw);
  if (!parsed.success) return refused('invalid_message', z.prettifyError(parsed.error));
  const message = parsed.data;
  const handle = handlers[message.type] as (message: Message) => Promise<unknown>;
  return handle(message);
}

/**
 * The `runtime.onMessage` listener: answers through `sendResponse` and returns true (the way both
 * Chrome and Firefox keep the channel open for an asynchronous answer). Errors are reported and
 * answered with `internal_error`, never left hanging.
 */
export function messageListener(handlers: Handlers, onError: (error: unknown) => void) {
  return (
    raw: unknown,
    sender: Browser.runtime.MessageSender,
    sendResponse: (reply: unknown) => void,
  ): true => {
    route(raw, sender, handlers)
      .catch((error: unknown) => {
        onError(error);
        return refused('internal_error', 'The background could not handle this message; retry.');
      })
      .then(sendResponse);
    return true;
  };
}
