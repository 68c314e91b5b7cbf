import { NON_TERMINAL } from './states';
import { type EventType, type Status } from '../vocabulary';

interface Transition {
  from: readonly Status[];
  to: Status;
  event: EventType;
}

/**
 * The intent state machine as a table (CONTRACT §8). The interface keyed by trigger gives the
 * Trigger union, and `satisfies` makes the table cover every trigger. Nothing leaves a terminal
 * state: no row lists one in `from`. ARCHITECTURE.md beside this file states the invariants.
 */
interface TransitionTable {
  /** A check found the conditions unmet (or the reason changed). */
  conditions_unmet: Transition;
  /** Conditions hold: start an execution attempt. */
  start_execution: Transition;
  /** The merchant or bank asked for OTP / 3DS / confirmation. */
  needs_user_action: Transition;
  /** The user answered; execution continues. */
  resume: Transition;
  /** The user declined, or a limit was exceeded at checkout: back to watching. */
  return_to_waiting: Transition;
  succeed: Transition;
  fail: Transition;
  cancel: Transition;
  expire: Transition;
}

export type Trigger = keyof TransitionTable;

export const TRANSITIONS = {
  conditions_unmet: { from: ['active', 'waiting'], to: 'waiting', event: 'intent.waiting' },
  start_execution: { from: ['active', 'waiting'], to: 'executing', event: 'intent.executing' },
  needs_user_action: {
    from: ['executing'],
    to: 'requires_user_action',
    event: 'execution.needs_user_action',
  },
  resume: { from: ['requires_user_action'], to: 'executing', event: 'intent.resumed' },
  return_to_waiting: {
    from: ['executing', 'requires_user_action'],
    to: 'waiting',
    event: 'intent.waiting',
  },
  succeed: { from: ['executing'], to: 'succeeded', event: 'intent.succeeded' },
  fail: { from: ['executing', 'requires_user_action'], to: 'failed', event: 'intent.failed' },
  cancel: { from: NON_TERMINAL, to: 'canceled', event: 'intent.canceled' },
  expire: { from: NON_TERMINAL, to: 'expired', event: 'intent.expired' },
} as const satisfies TransitionTable;

export const canApply = (trigger: Trigger, status: Status): boolean =>
  (TRANSITIONS[trigger].from as readonly Status[]).includes(status);
