import { createNodeEngine } from '../node-engine';
import { durationFlag, parseFlags, UsageError } from './args';
import { keyTable } from './key-table';
import { existingStoreFrom, STORE_FLAGS, STORE_USAGE, storeChoiceFrom } from './store-flags';

const USAGE = `intent-server keys create --partner NAME [--live] [--read-only] [--expires-in 90d] ${STORE_USAGE}
intent-server keys list ${STORE_USAGE}
intent-server keys revoke KEY_PREFIX ${STORE_USAGE}
intent-server keys roll KEY_PREFIX [--overlap 24h] [--expires-in 90d] ${STORE_USAGE}`;

/** Flags that mean something to some actions only; elsewhere they are refused, not ignored. */
const FLAG_ACTIONS: Record<string, string[]> = {
  partner: ['create'],
  live: ['create'],
  'read-only': ['create'],
  overlap: ['roll'],
  'expires-in': ['create', 'roll'],
};

export async function keysCommand(args: string[]) {
  const { values, positionals } = parseFlags(
    args,
    {
      partner: { type: 'string' },
      live: { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      'expires-in': { type: 'string' },
      overlap: { type: 'string' },
      ...STORE_FLAGS,
    },
    2,
  );
  const [action, target] = positionals;
  // Only revoke and roll take an argument after the action.
  const extra = positionals[action === 'revoke' || action === 'roll' ? 2 : 1];
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.\n${USAGE}`);
  for (const [flag, actions] of Object.entries(FLAG_ACTIONS)) {
    const given = values[flag as keyof typeof values];
    if (given !== undefined && given !== false && !actions.includes(action ?? ''))
      throw new UsageError(`--${flag} goes with keys ${actions.join(' or ')} only.\n${USAGE}`);
  }
  const expiresInMs = durationFlag(values['expires-in'], 'expires-in');
  if (expiresInMs === 0)
    throw new UsageError(
      '--expires-in must be longer than 0; leave it out for a key that does not expire.',
    );
  const overlapMs = durationFlag(values.overlap, 'overlap') ?? 0;
  // Usage is checked before the database is opened (or found missing).
  const partner = values.partner ?? '';
  const prefix = target ?? '';
  if (action === 'create' && !partner)
    throw new UsageError(`keys create needs --partner NAME\n${USAGE}`);
  if ((action === 'revoke' || action === 'roll') && !prefix)
    throw new UsageError(`keys ${action} needs KEY_PREFIX\n${USAGE}`);
  if (!['create', 'list', 'revoke', 'roll'].includes(action ?? '')) throw new UsageError(USAGE);
  // Only create may make the database: the others need one that is there.
  const store = action === 'create' ? storeChoiceFrom(values) : existingStoreFrom(values);
  const engine = await createNodeEngine({ store });
  try {
    switch (action) {
      case 'create': {
        const created = await engine.keys.create(partner, values.live, {
          readOnly: values['read-only'],
          ...(expiresInMs ? { expiresInMs } : {}),
        });
        const { record } = created;
        const kind = `${values.live ? 'live' : 'test'}${record.read_only ? ' read-only' : ''}`;
        const until = record.expires_at ? `, valid until ${record.expires_at}` : '';
        console.log(
          `Created a ${kind} key for partner '${created.partner.name}' (${created.partner.partner_id})${until}.`,
        );
        console.log('It is shown only now; store it safely:');
        console.log(created.key);
        return;
      }
      case 'list': {
        const keys = await engine.keys.list();
        if (keys.length === 0)
          console.log('No keys yet. Create one with: intent-server keys create --partner NAME');
        else console.log(keyTable(keys, Date.now()));
        return;
      }
      case 'revoke': {
        const revoked = await engine.keys.revoke(prefix);
        console.log(`Revoked ${revoked.prefix}… (${revoked.livemode ? 'live' : 'test'}).`);
        return;
      }
      case 'roll': {
        const { key, old } = await engine.keys.roll(prefix, overlapMs, {
          ...(expiresInMs ? { expiresInMs } : {}),
        });
        console.log(
          overlapMs > 0
            ? `Rolled ${old.prefix}…: it keeps working until ${old.expires_at}, then answers 401.`
            : `Rolled ${old.prefix}…: it stopped working now.`,
        );
        console.log('The new key is shown only now; store it safely:');
        console.log(key);
        return;
      }
    }
  } finally {
    await engine.close();
  }
}
