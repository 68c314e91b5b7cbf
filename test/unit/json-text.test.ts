import { describe, expect, it } from 'vitest';
import { withRequestId } from '../../engine/api/json-text';

describe('withRequestId', () => {
  it('appends request_id as the last member of a serialised object', () => {
    const text = withRequestId(JSON.stringify({ a: { b: '}' }, c: [1] }), 'req_1');
    expect(JSON.parse(text)).toEqual({ a: { b: '}' }, c: [1], request_id: 'req_1' });
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe('request_id');
  });

  it('reads past JSON whitespace before the closing brace', () => {
    const text = withRequestId('{"a": 1 \n\t\r }', 'req_2');
    expect(JSON.parse(text)).toEqual({ a: 1, request_id: 'req_2' });
    expect(JSON.parse(withRequestId('{ \n }', 'req_3'))).toEqual({ request_id: 'req_3' });
  });

  it('handles an empty object and escapes the id', () => {
    expect(JSON.parse(withRequestId('{}', 'req_"x'))).toEqual({ request_id: 'req_"x' });
  });
});
