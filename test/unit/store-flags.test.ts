import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../server/cli/args';
import { storeChoiceFrom } from '../../server/cli/store-flags';
import { describeStore } from '../../server/store/choice';

describe('choosing the store from flags and environment', () => {
  afterEach(() => vi.unstubAllEnvs());
  const pg = 'postgres://app:s3cret@db.internal:5432/intents';

  it('uses SQLite in --data, INTENT_DATA_DIR or ./data by default', () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('INTENT_DATA_DIR', '/srv/intents');
    expect(storeChoiceFrom({})).toEqual({ kind: 'sqlite', dataDir: '/srv/intents' });
    expect(storeChoiceFrom({ data: '/tmp/d' })).toEqual({ kind: 'sqlite', dataDir: '/tmp/d' });
  });

  it('uses PostgreSQL from --database-url or DATABASE_URL, with a pool of 10 unless told', () => {
    expect(storeChoiceFrom({ 'database-url': pg })).toEqual({
      kind: 'postgres',
      url: pg,
      poolSize: 10,
    });
    vi.stubEnv('DATABASE_URL', pg);
    vi.stubEnv('DATABASE_POOL_SIZE', '4');
    expect(storeChoiceFrom({})).toEqual({ kind: 'postgres', url: pg, poolSize: 4 });
    expect(storeChoiceFrom({ 'database-pool-size': '25' })).toMatchObject({ poolSize: 25 });
  });

  it('lets an explicit --data win over DATABASE_URL', () => {
    vi.stubEnv('DATABASE_URL', pg);
    expect(storeChoiceFrom({ data: '/tmp/d' })).toEqual({ kind: 'sqlite', dataDir: '/tmp/d' });
  });

  it.each([
    [{ data: '/tmp/d', 'database-url': pg }, 'not both'],
    [
      { 'database-url': 'mysql://root:hunter2@db/shop' },
      'must be a postgres:// or postgresql:// URL',
    ],
    [{ 'database-url': pg, 'database-pool-size': '0' }, 'at least 1'],
    [{ 'database-url': pg, 'database-pool-size': 'many' }, 'non-negative integer'],
    [{ data: '/tmp/d', 'database-pool-size': '3' }, 'needs --database-url'],
  ])('refuses %j with a usage error', (flags, message) => {
    vi.stubEnv('DATABASE_URL', '');
    expect(() => storeChoiceFrom(flags)).toThrow(UsageError);
    expect(() => storeChoiceFrom(flags)).toThrow(message);
    try {
      storeChoiceFrom(flags);
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('describes the store for the start-up banner without the password', () => {
    expect(describeStore({ kind: 'postgres', url: pg })).toBe(
      'Database: PostgreSQL postgres://app:***@db.internal:5432/intents',
    );
    expect(describeStore({ kind: 'sqlite', dataDir: '/srv/d' })).toBe('Data directory: /srv/d');
  });
});
