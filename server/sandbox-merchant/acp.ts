import type { MiddlewareHandler } from 'hono';
import type { SandboxContext, SandboxEnv } from './context';
import { SandboxError } from './errors';
import { deliver, delay, failBeforeCommit, takeFault } from './faults';
import { readJson } from './http';
import { begin, finish, requireIdempotencyKey } from './idempotency';
import { ACP_VERSION } from './session-view';
import type { FaultOp, StoredResponse } from './types';

/** Headers every ACP call carries: Authorization: Bearer <key> and API-Version: 2026-04-17. */
export function acpGuard(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const { sb } = c.get('scope');
    const auth = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!match || match[1] !== sb.apiKey) {
      throw new SandboxError(
        401,
        'unauthorized',
        match
          ? 'The API key is not valid for this merchant.'
          : 'Send Authorization: Bearer <merchant API key>.',
        undefined,
        {},
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    const version = c.req.header('API-Version');
    if (version !== ACP_VERSION) {
      throw new SandboxError(
        400,
        version ? 'unsupported_api_version' : 'api_version_required',
        `Send API-Version: ${ACP_VERSION} (the only version this merchant supports).`,
      );
    }
    await next();
  };
}

type Run = (c: SandboxContext, body: unknown) => StoredResponse | Promise<StoredResponse>;

/** An ACP POST: Idempotency-Key, JSON body, injected faults, replay. */
export function acpPost(op: FaultOp, run: Run, options: { optionalBody?: boolean } = {}) {
  return async (c: SandboxContext): Promise<Response> => {
    const { sb } = c.get('scope');
    const key = requireIdempotencyKey(c.req.header('Idempotency-Key'));
    c.header('Idempotency-Key', key);
    const body = await readJson(c, options.optionalBody);
    const fault = takeFault(sb.state, op);
    failBeforeCommit(fault);
    const scopeKey = `${sb.apiKey}\n${c.req.method}\n${c.req.path}\n${key}`;
    const claim = begin(sb.state, scopeKey, body, sb.now());
    if (claim.kind === 'replay') {
      c.header('Idempotent-Replayed', 'true');
      return deliver(c, fault, c.json(claim.response.body as object, claim.response.status as 200));
    }
    let response: StoredResponse | undefined;
    try {
      if (fault?.kind === 'timeout_then_commit') await delay(fault.delay_ms);
      response = await run(c, body);
    } finally {
      finish(sb.state, scopeKey, claim.hash, response, sb.now());
    }
    return deliver(c, fault, c.json(response.body as object, response.status as 200));
  };
}

/** An ACP GET: faults apply, nothing to replay. */
export function acpGet(op: FaultOp, run: (c: SandboxContext) => StoredResponse) {
  return async (c: SandboxContext): Promise<Response> => {
    const fault = takeFault(c.get('scope').sb.state, op);
    failBeforeCommit(fault);
    if (fault?.kind === 'timeout_then_commit') await delay(fault.delay_ms);
    const response = run(c);
    return deliver(c, fault, c.json(response.body as object, response.status as 200));
  };
}
