import type { EngineContext } from '../context';
import type { MerchantConnector, Signer } from '../ports';
import type { ExecutionDoc } from '../schemas/execution';

export interface StepDeps {
  ctx: EngineContext;
  connector: MerchantConnector | null;
  signer: () => Promise<Signer>;
  /** Runs a merchant call, retrying unknown outcomes with the same key; throws the last error. */
  retrying: <T>(exec: ExecutionDoc, call: () => Promise<T>) => Promise<T>;
  /** Crash-test hook: called at named points (`<step>:started`, `:before_call`, `:after_call`). */
  failpoint: (name: string) => void;
}

/** What answering the user needs from the executor: its steps' ports, and to run an attempt on. */
export interface AttemptRunner {
  depsFor(exec: ExecutionDoc): StepDeps;
  start(executionId: string): void;
}

/** true: the attempt stopped (finished or waiting for the user); false: run the next step. */
export type StepResult = boolean;

/** The ports of a step that calls the merchant's API: a connector is there. */
export type AcpDeps = StepDeps & { connector: MerchantConnector };
