import type { Engine } from '../../engine/index';

type ListedKey = Awaited<ReturnType<Engine['keys']['list']>>[number];

/** `2026-11-22T10:03:27.120Z` -> `2026-11-22 10:03`: keys are listed to the minute, in UTC. */
const minute = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

function status(key: ListedKey, now: number): string {
  if (key.revoked_at) return `revoked ${minute(key.revoked_at)}`;
  const ended = key.expires_at ? Date.parse(key.expires_at) <= now : false;
  if (key.rolled_to) return `rolled to ${key.rolled_to}…${ended ? '' : ', works until expiry'}`;
  return ended ? 'expired' : 'active';
}

/** `keys list`: one aligned row per key, times in UTC to the minute. */
export function keyTable(keys: ListedKey[], now: number): string {
  const rows = [
    ['PREFIX', 'PARTNER', 'MODE', 'ACCESS', 'CREATED (UTC)', 'LAST USED', 'EXPIRES', 'STATUS'],
    ...keys.map((key) => [
      `${key.prefix}…`,
      key.partner_name,
      key.livemode ? 'live' : 'test',
      key.read_only ? 'read-only' : 'read-write',
      minute(key.created_at),
      minute(key.last_used_at),
      minute(key.expires_at),
      status(key, now),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
