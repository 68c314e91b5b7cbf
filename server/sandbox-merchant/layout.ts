import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export const SHOP = 'Sandbox Outfitters';

const CSS =
  'body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2329}' +
  'a{color:#0b5cad}.price{font-size:1.6rem;font-weight:700}.muted{color:#5b6670}' +
  'ul.products{list-style:none;padding:0}ul.products li{margin:.6rem 0}';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The page frame every sandbox HTML page shares. */
export function layout(title: string, head: Html | string, body: Html) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${head}
        <style>
          ${raw(CSS)}
        </style>
      </head>
      <body>
        <header>
          <a href="/">${SHOP}</a> <span class="muted">— a sandbox merchant for tests</span>
        </header>
        <main>${body}</main>
      </body>
    </html>`;
}
