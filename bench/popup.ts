/**
 * The popup's weight and first paint: builds the extension (production `wxt build`, as shipped),
 * sums the JS that popup.html loads (its module script, the chunks it modulepreloads and their
 * static imports; each file gzipped on its own with zlib, as served compressed), then opens
 * popup.html in Debian's headless Chromium with the extension loaded and measures, per open:
 *
 * - `fcp`: the page's own `first-contentful-paint` entry (ms from navigation start), the target
 *   figure;
 * - `firstScreen`: ms from navigation start until the This page tab is resolved (the product, or
 *   the "no product" card: here the popup's own tab, which cannot be read). It includes the
 *   `capture` round trip to the service worker, so it is always later than the first paint.
 *
 * One cold open (first after launch) is reported apart; the medians are over the next OPENS.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { EXTENSION_DIR, launchWithExtension } from '../test/support/chromium';

const OPENS = Number(process.env.BENCH_POPUP_OPENS ?? 10);
/** The first screen's content is resolved when either of these is in the DOM. */
const FIRST_SCREEN = '[data-testid="product-title"], [data-testid="no-product"]';

/**
 * Runs in the popup right after navigation commits: resolves once the first screen's content is
 * in the DOM and the first-contentful-paint entry exists (ms since navigation start). A string,
 * so that tsx's transform (which wraps named functions in a `__name` helper) cannot break it.
 */
const MEASURE_IN_PAGE = `new Promise((resolve, reject) => {
  let firstScreen;
  const deadline = performance.now() + 15000;
  const check = () => {
    if (firstScreen === undefined && document.querySelector(${JSON.stringify(FIRST_SCREEN)}))
      firstScreen = performance.now();
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    if (firstScreen !== undefined && fcp !== undefined) return resolve({ fcp, firstScreen });
    if (performance.now() > deadline)
      return reject(new Error('popup not ready: fcp ' + fcp + ', screen ' + firstScreen));
    if (document.hidden) setTimeout(check, 4);
    else requestAnimationFrame(check);
  };
  check();
})`;

export interface PopupFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PopupBench {
  build: { command: string; ms: number };
  js: { files: PopupFile[]; bytes: number; gzipBytes: number };
  css: { files: PopupFile[]; bytes: number; gzipBytes: number };
  opens: number;
  cold: { fcp: number; firstScreen: number };
  fcp: { medianMs: number; minMs: number; maxMs: number; samples: number[] };
  firstScreen: { medianMs: number; minMs: number; maxMs: number; samples: number[] };
  chromium: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;
const stats = (samples: number[]) => ({
  medianMs: round1(median(samples)),
  minMs: round1(Math.min(...samples)),
  maxMs: round1(Math.max(...samples)),
  samples: samples.map(round1),
});

function build(): PopupBench['build'] {
  const env = { ...process.env };
  delete env.WXT_E2E; // the shipped build: no host permissions up front
  const started = performance.now();
  const result = spawnSync('npx', ['wxt', 'build'], { env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`wxt build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return { command: 'npx wxt build', ms: Math.round(performance.now() - started) };
}

function sizeOf(file: string): PopupFile {
  const content = readFileSync(join(EXTENSION_DIR, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** `/chunks/a.js` from a reference in `from` (root-absolute or relative). */
function resolveRef(from: string, ref: string): string {
  return ref.startsWith('/') ? ref : posix.join(posix.dirname(from), ref);
}

/** The JS popup.html loads before it can run (entry, modulepreloads, static imports) and its CSS. */
export function popupAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(join(EXTENSION_DIR, 'popup.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script')) {
      const src = attr(tag, 'src');
      if (src) js.add(resolveRef('/popup.html', src));
    } else if (/rel="modulepreload"/.test(tag)) {
      js.add(resolveRef('/popup.html', attr(tag, 'href')!));
    } else if (/rel="stylesheet"/.test(tag)) {
      css.add(resolveRef('/popup.html', attr(tag, 'href')!));
    }
  }
  // Static imports between chunks (minified: `import{a as b}from"./x.js"` / `import"./x.js"`).
  const queue = [...js];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const code = readFileSync(join(EXTENSION_DIR, file), 'utf8');
    for (const match of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      const dep = resolveRef(file, match[1]!);
      if (!js.has(dep)) {
        js.add(dep);
        queue.push(dep);
      }
    }
  }
  const strip = (files: Set<string>) => [...files].map((file) => file.replace(/^\//, '')).sort();
  return { js: strip(js), css: strip(css) };
}

const total = (files: PopupFile[]) => ({
  files,
  bytes: files.reduce((sum, f) => sum + f.bytes, 0),
  gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
});

export async function benchPopup(): Promise<PopupBench> {
  const built = build();
  const assets = popupAssets();
  const js = total(assets.js.map(sizeOf));
  const css = total(assets.css.map(sizeOf));

  const { context, close } = await launchWithExtension();
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    const url = `chrome-extension://${extensionId}/popup.html`;
    const version = context.browser()?.version() ?? 'unknown';

    const open = async () => {
      const page = await context.newPage();
      try {
        await page.goto(url, { waitUntil: 'commit' });
        return (await page.evaluate(MEASURE_IN_PAGE)) as { fcp: number; firstScreen: number };
      } finally {
        await page.close();
      }
    };

    const cold = await open();
    const samples: { fcp: number; firstScreen: number }[] = [];
    for (let i = 0; i < OPENS; i++) samples.push(await open());
    return {
      build: built,
      js,
      css,
      opens: OPENS,
      cold: { fcp: round1(cold.fcp), firstScreen: round1(cold.firstScreen) },
      fcp: stats(samples.map((s) => s.fcp)),
      firstScreen: stats(samples.map((s) => s.firstScreen)),
      chromium: version,
    };
  } finally {
    await close();
  }
}
