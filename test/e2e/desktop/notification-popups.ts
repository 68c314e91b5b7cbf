import type { Box } from './framebuffer';
import type { VirtualDisplay } from './virtual-display';

const NOTIFICATION_TYPE = '_NET_WM_WINDOW_TYPE_NOTIFICATION';

export interface ScreenWindow extends Box {
  id: string;
}

/** Ids of the windows mapped on the display (xdotool exits 1 when it finds none). */
async function visibleWindows(display: VirtualDisplay): Promise<string[]> {
  try {
    const out = await display.x('xdotool', ['search', '--onlyvisible', '--name', '']);
    return out.split('\n').filter(Boolean);
  } catch (error) {
    if ((error as { code?: number }).code === 1) return [];
    throw error;
  }
}

/** Where the window is; null when it is gone already (a pop-up closing). */
async function geometry(display: VirtualDisplay, id: string): Promise<Box | null> {
  const shell = await display.x('xdotool', ['getwindowgeometry', '--shell', id]).catch(() => null);
  if (shell === null) return null;
  const value = (key: string) => Number(new RegExp(`^${key}=(-?\\d+)$`, 'm').exec(shell)?.[1]);
  return { x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
}

/**
 * The notification pop-ups on screen, top to bottom. Chromium on Linux draws them itself (its
 * message center) when no desktop notification service answers: each is an X window of type
 * `_NET_WM_WINDOW_TYPE_NOTIFICATION`, as a notification daemon's would be.
 */
export async function notificationPopups(display: VirtualDisplay): Promise<ScreenWindow[]> {
  const popups: ScreenWindow[] = [];
  for (const id of await visibleWindows(display)) {
    const type = await display.x('xprop', ['-id', id, '_NET_WM_WINDOW_TYPE']).catch(() => '');
    if (!type.includes(NOTIFICATION_TYPE)) continue;
    const box = await geometry(display, id);
    if (box) popups.push({ id, ...box });
  }
  return popups.sort((a, b) => a.y - b.y);
}

const POLL_MS = 100;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until exactly `count` pop-ups are on screen and in place (a pop-up slides in: the same
 * windows at the same places in two looks in a row); they are returned top to bottom.
 */
export async function waitForPopups(
  display: VirtualDisplay,
  count: number,
  timeoutMs: number,
): Promise<ScreenWindow[]> {
  const until = performance.now() + timeoutMs;
  let last = '';
  let popups: ScreenWindow[] = [];
  while (performance.now() < until) {
    popups = await notificationPopups(display);
    const now = JSON.stringify(popups);
    if (popups.length === count && now === last) return popups;
    last = now;
    await sleep(POLL_MS);
  }
  throw new Error(
    `notification pop-ups on screen after ${timeoutMs} ms: ${last || 'none'}; expected ${count}, in place`,
  );
}

/**
 * The part `box` of the screen once it stopped changing (a pop-up slides and fades in): two
 * captures in a row alike.
 */
export async function steadyCapture(display: VirtualDisplay, box: Box, timeoutMs: number) {
  const until = performance.now() + timeoutMs;
  let last = display.capture(box);
  while (performance.now() < until) {
    await sleep(POLL_MS);
    const now = display.capture(box);
    if (now.rgb.equals(last.rgb)) return now;
    last = now;
  }
  throw new Error(`the screen at ${JSON.stringify(box)} kept changing for ${timeoutMs} ms`);
}

/** A left click at the middle of the left half of the window: on its text, off its buttons. */
export async function clickOn(display: VirtualDisplay, window: Box) {
  const x = Math.round(window.x + window.width / 4);
  const y = Math.round(window.y + window.height / 2);
  await display.x('xdotool', ['mousemove', '--sync', String(x), String(y), 'click', '1']);
}

/** Parks the pointer in the top-left corner, out of the way of what is photographed. */
export async function parkPointer(display: VirtualDisplay) {
  await display.x('xdotool', ['mousemove', '--sync', '0', '0']);
}

/** The box grown by `margin` on each side, kept on the screen. */
export function around(display: VirtualDisplay, box: Box, margin: number): Box {
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return {
    x,
    y,
    width: Math.min(display.width, box.x + box.width + margin) - x,
    height: Math.min(display.height, box.y + box.height + margin) - y,
  };
}
