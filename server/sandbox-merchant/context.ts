import type { Context } from 'hono';
import { merchantIdOf } from '../../engine/index';
import type { IdSource } from './ids';
import type { SandboxState } from './types';

/** Everything a handler needs, built once per sandbox. */
export interface Sandbox {
  state: SandboxState;
  ids: IdSource;
  now: () => number;
  apiKey: string;
  /** Set by options.baseUrl or by startSandboxMerchant once the port is known. */
  baseUrl?: string;
}

/** Per request: the public base URL and this merchant's id (its host name, CONTRACT §9). */
export interface Scope {
  sb: Sandbox;
  baseUrl: string;
  merchantId: string;
}

export interface SandboxEnv {
  Bindings: { incoming?: { socket?: { destroy(): void } } } | undefined;
  Variables: { scope: Scope; requestId: string };
}

export type SandboxContext = Context<SandboxEnv>;

export function scopeFor(sb: Sandbox, requestUrl: string): Scope {
  const baseUrl = (sb.baseUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');
  return { sb, baseUrl, merchantId: merchantIdOf(baseUrl) ?? new URL(baseUrl).hostname };
}
