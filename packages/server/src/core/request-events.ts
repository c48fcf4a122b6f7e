import type { ErrorInfo } from './core.js';
import { requestSubject } from './dispatch.js';
import type { ServerMiddleware } from './middleware.js';

/**
 * One finished request, for metrics and tracing. Optional fields that do not apply may be present
 * as undefined.
 */
export interface RequestEvent {
  method: string;
  /** Tool or prompt name, or resource URI, when the request names one. */
  name?: string;
  durationMs: number;
  outcome: 'result' | 'error' | 'input_required';
  /** The error sent to the client (outcome `error`). */
  error?: { code: number; message: string };
  /** A tools/call whose result says `isError: true` (the tool failed; the request did not). */
  isError?: boolean;
  protocolVersion: string;
  sessionId?: string;
}

/**
 * The `onrequest` option as a middleware (registered first, so outermost): it times the whole
 * chain and sees the outcome the client gets. A throwing listener goes to `report`, never to the
 * client.
 */
export function requestObserver(
  onrequest: (event: RequestEvent) => void,
  report: (error: unknown, info: ErrorInfo) => void,
): ServerMiddleware {
  return async function onrequestObserver({ method, params, request }, next) {
    const started = performance.now();
    const outcome = await next();
    const event: RequestEvent = {
      method,
      name: requestSubject({ method, params }),
      durationMs: performance.now() - started,
      outcome: outcome.type,
      protocolVersion: request.protocolVersion,
      sessionId: request.sessionId,
    };
    if (outcome.type === 'error') event.error = { code: outcome.error.code, message: outcome.error.message };
    else if (outcome.type === 'result' && outcome.result.isError === true) event.isError = true;
    try {
      onrequest(event);
    } catch (error) {
      report(error, { method });
    }
    return outcome;
  };
}
