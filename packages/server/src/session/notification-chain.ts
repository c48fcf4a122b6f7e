import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { ServerSession } from './session.js';

// `McpServer.use(fn, { notifications: true })`: the notification chains, run where a session meets
// its transport, so they see every notification the session writes (list changes, resource
// updates, log messages, progress, the peer's own `notifications/cancelled`) and every one it reads
// (`notifications/initialized`, roots list changes, cancellations, progress). A session's transport
// is wrapped only once such a middleware exists: without one nothing here runs.

/** What a notification middleware sees of one notification (`McpServer.use(fn, { notifications: true })`). */
export interface ServerNotificationContext {
  /** The notification's method, e.g. `notifications/tools/list_changed`. */
  readonly method: string;
  /** Its params, `_meta` included; may be replaced before `next()`, which passes on what this holds then. */
  params: JSONObject | undefined;
  /** Always true: tells a notification from a request. */
  readonly notification: true;
  /** True for a notification the client sent, false for one the server sends. */
  readonly incoming: boolean;
  /** The session it goes out or came in on (its `sessionId`, `protocolVersion`, `clientInfo`). */
  readonly session: ServerSession<any>;
}

/**
 * One layer around notifications: call `next()` (at most once) to pass the notification on inward
 * (written to the transport when sent; dispatched to the session's handlers when received); not
 * calling it drops the notification.
 */
export type ServerNotificationMiddleware = (
  ctx: ServerNotificationContext,
  next: () => Promise<void>,
) => void | Promise<void>;

/** @internal The notification middleware, first registered first. */
export type NotificationChains = ServerNotificationMiddleware[];
type Message = { method?: string; id?: unknown; params?: JSONObject };
type Pass = (message: any, extra?: any) => unknown;

/**
 * @internal Runs `session`'s notifications through its server's notification middleware from now
 * on. A failure passes as it is: a sent notification's rejects the send, a received one's is
 * reported to `onerror`. Each layer runs in a promise executor, so a received notification whose
 * layers call `next()` at once is dispatched at once, in wire order.
 */
export function chainNotifications(session: ServerSession<any>): void {
  const transport = session.peer.transport!;
  const wrap =
    (incoming: boolean, pass: Pass): Pass =>
    (message: Message, extra) => {
      const layers = session.server.notificationChains!;
      if (layers.length === 0 || !message.method || 'id' in message) return pass(message, extra);
      const ctx: ServerNotificationContext = {
        method: message.method,
        params: message.params,
        notification: true,
        incoming,
        session,
      };
      const enter = (index: number): Promise<void> =>
        new Promise((resolve) => {
          const layer = layers[index];
          const params = ctx.params;
          resolve(
            (layer
              ? layer(ctx, () => enter(index + 1))
              : pass(params === message.params ? message : { ...message, params }, extra)) as Promise<void>,
          );
        });
      const done = enter(0);
      return incoming
        ? void done.then(undefined, (error) =>
            session.server.reportError(error, { sessionId: session.sessionId }),
          )
        : done;
    };
  transport.send = wrap(false, transport.send.bind(transport)) as Transport['send'];
  transport.onmessage = wrap(true, transport.onmessage!);
}
