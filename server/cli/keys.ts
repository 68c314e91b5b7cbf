import { createNodeEngine } from '../node-engine';
import { parseFlags, UsageError } from './args';
import { STORE_FLAGS, STORE_USAGE, storeChoiceFrom } from './store-flags';

const USAGE = `intent-server keys create --partner NAME [--live] ${STORE_USAGE}
intent-server keys list ${STORE_USAGE}
intent-server keys revoke KEY_PREFIX ${STORE_USAGE}`;

export async function keysCommand(args: string[]) {
  const { values, positionals } = parseFlags(
    args,
    {
      partner: { type: 'string' },
      live: { type: 'boolean', default: false },
      ...STORE_FLAGS,
    },
    2,
  );
  const [action, target] = positionals;
  // Only revoke takes an argument after the action.
  const extra = positionals[action === 'revoke' ? 2 : 1];
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.\n${USAGE}`);
  const engine = await createNodeEngine({ store: storeChoiceFrom(values) });
  try {
    switch (action) {
      case 'create': {
        if (!values.partner) throw new UsageError(`keys create needs --partner NAME\n${USAGE}`);
        const { key, partner } = await engine.keys.create(values.partner, values.live);
        console.log(
          `Created a ${values.live ? 'live' : 'test'} key for partner '${partner.name}' (${partner.partner_id}).`,
        );
        console.log('It is shown only now; store it safely:');
        console.log(key);
        return;
      }
      case 'list': {
        const keys = await engine.keys.list();
        if (keys.length === 0)
          console.log('No keys yet. Create one with: intent-server keys create --partner NAME');
        for (const key of keys) {
          const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
          console.log(
            `${key.prefix}…  ${key.livemode ? 'live' : 'test'}  ${key.partner_name}  created ${key.created_at}  ${state}`,
          );
        }
        return;
      }
      case 'revoke': {
        if (!target) throw new UsageError(`keys revoke needs KEY_PREFIX\n${USAGE}`);
        const revoked = await engine.keys.revoke(target);
        console.log(`Revoked ${revoked.prefix}… (${revoked.livemode ? 'live' : 'test'}).`);
        return;
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await engine.close();
  }
}
