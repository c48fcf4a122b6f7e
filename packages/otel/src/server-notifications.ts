// The notifications of a server's sessions, through its notification middleware
// (`server.use(fn, { notifications: true })`): a CLIENT span for each one the server sends (list
// changes, resource updates, log messages, progress, its peer's own cancellations), its context
// injected into `params._meta`, and a SERVER span for each one its client sends (initialized, roots
// list changes, cancellations, progress), its parent taken from their `_meta`. The same chain runs
// around the requests `session.context()` sends outside any request (roots, sampling, elicitation),
// which no request middleware is around: each gets a CLIENT span until the client's answer.
import type { Attributes } from '@opentelemetry/api';
import type { SessionDurations } from './metrics.js';
import { type ReceiverTracing, receiveTraced } from './receiver.js';
import { type SenderTracing, sendTraced, tracedByTheirRequest } from './sender.js';
import type { ObservingServerNotificationMiddleware, ServerNotificationContextLike } from './types.js';

/**
 * One middleware, both ways: CLIENT spans for what the server sends, SERVER spans for what it
 * receives. Notifications pass untraced when `sending.notifications` is false; requests never do.
 */
export function serverNotificationMiddleware(
  sending: SenderTracing,
  receiving: ReceiverTracing,
  sessions: SessionDurations,
  fixedNetwork: Attributes | undefined,
): ObservingServerNotificationMiddleware {
  return function otel(ctx: ServerNotificationContextLike, next: () => Promise<void>): Promise<void> {
    if (!sending.notifications && ctx.notification !== false) return next();
    const { sessionId, protocolVersion } = ctx.session;
    const network = fixedNetwork ?? (sessionId === undefined ? undefined : sessions.attributesOf(sessionId));
    if (ctx.incoming) {
      const message = {
        method: ctx.method,
        params: ctx.params,
        protocolVersion,
        sessionId,
        requestId: undefined,
        network,
      };
      return receiveTraced(receiving, message, next);
    }
    // A request's handler sent it through its traced sendNotification: it has its span already.
    // (A request here is one of `session.context()`: those a handler sends never pass this chain.)
    if (ctx.params !== undefined && tracedByTheirRequest.has(ctx.params)) return next();
    // For a request, `next()` settles with the client's answer: the span ends then, failed on an
    // error answer.
    return sendTraced(sending, { protocolVersion, sessionId, network }, ctx.method, ctx.params, (params) => {
      ctx.params = params;
      return next();
    });
  };
}
