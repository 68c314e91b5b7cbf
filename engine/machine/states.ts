export const STATUSES = [
  'active',
  'waiting',
  'executing',
  'requires_user_action',
  'succeeded',
  'failed',
  'expired',
  'canceled',
] as const;

export type Status = (typeof STATUSES)[number];

export const TERMINAL_STATUSES: readonly Status[] = ['succeeded', 'failed', 'expired', 'canceled'];

export const isTerminal = (status: Status): boolean => TERMINAL_STATUSES.includes(status);

const NON_TERMINAL = STATUSES.filter((s) => !isTerminal(s));

export const EVENT_TYPES = [
  'intent.created',
  'intent.waiting',
  'intent.executing',
  'execution.step_started',
  'execution.step_succeeded',
  'execution.step_failed',
  'execution.needs_user_action',
  'intent.resumed',
  'intent.succeeded',
  'intent.failed',
  'intent.canceled',
  'intent.expired',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export { NON_TERMINAL };
