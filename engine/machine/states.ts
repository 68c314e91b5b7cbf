import { STATUSES, TERMINAL_STATUSES, type Status } from '../vocabulary';

const TERMINAL: ReadonlySet<Status> = new Set(TERMINAL_STATUSES);

export const isTerminal = (status: Status): boolean => TERMINAL.has(status);

export const NON_TERMINAL = STATUSES.filter((s) => !isTerminal(s));
