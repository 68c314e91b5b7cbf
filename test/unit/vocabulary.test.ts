import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  EXECUTION_STATUSES,
  WAITING_REASONS,
  WEBHOOK_EVENT_TYPES,
} from '../../engine/vocabulary';

/** The backticked first cells of the table rows in each `## ` section of docs/events.md. */
function tablesOfEventsDoc(): Map<string, string[]> {
  const sections = readFileSync('docs/events.md', 'utf8').split(/^## /m);
  return new Map(
    sections.map((section, i) => [
      i === 0 ? '' : section.slice(0, section.indexOf('\n')),
      section
        .split('\n')
        .map((line) => /^\| `([^`]+)`/.exec(line)?.[1])
        .filter((cell): cell is string => cell !== undefined),
    ]),
  );
}

describe('docs/events.md lists the vocabulary of engine/vocabulary.ts', () => {
  const tables = tablesOfEventsDoc();

  it('every event type', () => {
    expect(tables.get('')).toEqual([...EVENT_TYPES]);
  });

  it('every webhook event type', () => {
    expect(tables.get('Webhook events')).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('every waiting reason', () => {
    expect(tables.get('Waiting reasons')).toEqual([...WAITING_REASONS]);
  });

  it('every execution status', () => {
    expect(tables.get('Execution statuses')).toEqual([...EXECUTION_STATUSES]);
  });
});
