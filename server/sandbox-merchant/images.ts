import type { Product } from './types';

/** A product picture drawn by the sandbox itself: a tinted card with initials and the name. */
const HUES = [12, 36, 150, 190, 210, 260, 300, 340];
export function svgImage(p: Product): string {
  const hue = HUES[[...p.sku].reduce((a, ch) => a + ch.charCodeAt(0), 0) % HUES.length];
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const initials = p.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="480" fill="hsl(${hue},55%,88%)"/>
<circle cx="320" cy="210" r="110" fill="hsl(${hue},50%,45%)"/>
<text x="320" y="240" font-family="sans-serif" font-size="96" text-anchor="middle" fill="#fff">${esc(initials)}</text>
<text x="320" y="420" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#1d2329">${esc(p.name)}</text>
</svg>`;
}
