// The notifications of a server's sessions, through its notification middleware
// (`server.use(fn, { notifications: true })`): a CLIENT span for each one the server sends (list
// changes, resource updates, log messages, progress, its peer's own cancellations), its context
// injected into `params._meta`, and a SERVER span for each one its client sends (initialized, roots
// list changes, cancellations, progress), its parent taken from their `_meta`.
import type { Attributes } from '@opentelemetry/api';
import type { SessionDurations } from './metrics.js';
import { type ReceiverTracing, receiveTraced } from './receiver.js';
import { type SenderTracing, sendTraced, tracedByTheirRequest } from './sender.js';
import type { ObservingServerNotificationMiddleware, ServerNotificationContextLike } from './types.js';

/** One middleware, both ways: CLIENT spans for what the server sends, SERVER spans for what it receives. */
export function serverNotificationMiddleware(
  sending: SenderTracing,
  receiving: ReceiverTracing,
  sessions: SessionDurations,
  fixedNetwork: Attributes | undefined,
): ObservingServerNotificationMiddleware {
  return function otel(ctx: ServerNotificationContextLike, next: () => Promise<void>): Promise<void> {
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
    if (ctx.params !== undefined && tracedByTheirRequest.has(ctx.params)) return next();
    return sendTraced(sending, { protocolVersion, sessionId, network }, ctx.method, ctx.params, (params) => {
      ctx.params = params;
      return next();
    });
  };
}
