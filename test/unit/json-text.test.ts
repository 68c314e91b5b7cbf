import { describe, expect, it } from 'vitest';
import { withRequestId } from '../../engine/api/json-text';

describe('withRequestId', () => {
  it('appends request_id as the last member of a serialised object', () => {
    const text = withRequestId(JSON.stringify({ a: { b: '}' }, c: [1] }), 'req_1');
    expect(JSON.parse(text)).toEqual({ a: { b: '}' }, c: [1], request_id: 'req_1' });
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe('request_id');
  });

  it('handles an empty object and escapes the id', () => {
    expect(JSON.parse(withRequestId('{}', 'req_"x'))).toEqual({ request_id: 'req_"x' });
  });
});
