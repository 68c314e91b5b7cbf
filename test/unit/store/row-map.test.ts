import { describe, expect, it } from 'vitest';
import { RowMap } from '../../../server/store/row-map';

describe('RowMap', () => {
  it('keeps values by table and key, the same key in two tables apart', () => {
    const rows = new RowMap<number>();
    rows.set('intents', 'a', 1).set('events', 'a', 2);
    expect(rows.get('intents', 'a')).toBe(1);
    expect(rows.get('events', 'a')).toBe(2);
    expect(rows.get('watches', 'a')).toBeUndefined();
    expect(rows.size).toBe(2);
  });

  it('counts a key set twice once, and says whether a delete found something', () => {
    const rows = new RowMap<number>();
    rows.set('intents', 'a', 1).set('intents', 'a', 3);
    expect(rows.size).toBe(1);
    expect(rows.get('intents', 'a')).toBe(3);
    expect(rows.delete('intents', 'a')).toBe(true);
    expect(rows.delete('intents', 'a')).toBe(false);
    expect(rows.delete('nowhere', 'a')).toBe(false);
    expect(rows.size).toBe(0);
  });

  it('forgets everything on clear', () => {
    const rows = new RowMap<string>();
    rows.set('intents', 'a', 'x').set('events', 'b', 'y');
    rows.clear();
    expect(rows.size).toBe(0);
    expect(rows.get('intents', 'a')).toBeUndefined();
  });
});
