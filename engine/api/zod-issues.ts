import type { z } from 'zod';
import { EngineError } from '../errors';
import { valueAt } from '../util/value-at';

type Issue = z.core.$ZodIssue;

const pathOf = (path: readonly PropertyKey[]) =>
  path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    return out ? `${out}.${String(part)}` : String(part);
  }, '');

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

function describe(issue: Issue, param: string, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'int' && typeof input === 'number' && param.endsWith('_cents')) {
        return `${param} must be an integer in minor units (1999 for 19.99).`;
      }
      return `${param} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    }
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${param} must not be empty.`
          : `${param} must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `${param} must have at least ${issue.minimum} items.`;
      if (issue.inclusive === false) return `${param} must be greater than ${issue.minimum}.`;
      return `${param} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${param} must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `${param} must have at most ${issue.maximum} items.`;
      if (issue.inclusive === false) return `${param} must be less than ${issue.maximum}.`;
      return `${param} must be at most ${issue.maximum}.`;
    case 'invalid_value':
      return `${param} must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_union':
      return `${param} has an unsupported value.`;
    case 'invalid_key': {
      // The key itself broke a rule (metadata keys have a length limit): say which rule.
      const rule = issue.issues[0];
      const why = rule ? describe(rule as Issue, 'a key', undefined) : 'a key is not allowed here.';
      return `${param} is not an allowed key: ${why}`;
    }
    default:
      // Refinements in our schemas carry a message fragment such as "must be an absolute http(s) URL".
      return `${param} ${issue.message}.`.replace(/\.\.$/, '.');
  }
}

/**
 * Turns zod issues into the one error a partner should fix first: unknown fields (usually typos
 * that explain the other issues), then the first issue in field order.
 */
function issuesToError(issues: readonly Issue[], input: unknown, root = ''): EngineError {
  const join = (path: string) => (root && path ? `${root}.${path}` : root || path);
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const param = join(pathOf([...unknown.path, unknown.keys[0]!]));
    return new EngineError(
      'parameter_unknown',
      `Received unknown parameter: ${param}. Remove it; see GET /v1/openapi.json for the fields this endpoint takes.`,
      param,
    );
  }
  const issue = tightestBound(issues, issues[0]!);
  const param = join(pathOf(issue.path)) || 'body';
  const value = valueAt(input, issue.path);
  if (value === undefined && issue.code !== 'custom') {
    return new EngineError('parameter_missing', `${param} is required.`, param);
  }
  return new EngineError('parameter_invalid', describe(issue, param, value), param);
}

/**
 * Of the upper bounds a value broke, the lowest: an integer field says its own limit, not
 * JavaScript's safe-integer one that zod's int() checks first.
 */
function tightestBound(issues: readonly Issue[], first: Issue): Issue {
  if (first.code !== 'too_big') return first;
  const where = pathOf(first.path);
  const bounds = issues.filter(
    (issue): issue is typeof first => issue.code === 'too_big' && pathOf(issue.path) === where,
  );
  return bounds.reduce((low, issue) => (Number(issue.maximum) < Number(low.maximum) ? issue : low));
}

/** Parses `input` with `schema` or throws the first problem as an EngineError. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root = ''): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw issuesToError(result.error.issues, input, root);
  return result.data;
}
