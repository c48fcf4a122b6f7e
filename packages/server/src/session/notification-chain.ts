import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { ServerSession } from './session.js';

// `McpServer.use(fn, { notifications: true })`: the notification chains, run where a session meets
// its transport, so they see every notification the session writes (list changes, resource
// updates, log messages, progress, the peer's own `notifications/cancelled`) and every one it reads
// (`notifications/initialized`, roots list changes, cancellations, progress). They also run around
// the requests `session.context()` sends outside any request: no request middleware is around
// those, and this is the one chain that sees what a session sends by itself. A session's transport
// is wrapped only once such a middleware exists: without one nothing here runs.

/**
 * What a notification middleware sees of one notification (`McpServer.use(fn, { notifications: true })`),
 * or of one request the server sends its client through `session.context()` outside any request.
 */
export interface ServerNotificationContext {
  /** The method, e.g. `notifications/tools/list_changed`, or `roots/list` for a request. */
  readonly method: string;
  /** Its params, `_meta` included; may be replaced before `next()`, which passes on what this holds then. */
  params: JSONObject | undefined;
  /**
   * True for a notification; false for a request sent through `session.context()` outside any
   * request, whose `next()` resolves once the client answered (with its result) and rejects with
   * its error answer.
   */
  readonly notification: boolean;
  /** True for a notification the client sent, false for what the server sends. */
  readonly incoming: boolean;
  /** The session it goes out or came in on (its `sessionId`, `protocolVersion`, `clientInfo`). */
  readonly session: ServerSession<any>;
}

/**
 * One layer around notifications: call `next()` (at most once) to pass the notification on inward
 * (written to the transport when sent; dispatched to the session's handlers when received); not
 * calling it drops the notification (a request then fails with an error saying so).
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
 * Runs one message of `session` through its server's notification middleware, `pass` innermost
 * with the params they leave. The chains are read per message: `use()` chains the sessions
 * connected so far before it makes the list.
 */
function runLayers(
  session: ServerSession<any>,
  method: string,
  params: JSONObject | undefined,
  notification: boolean,
  incoming: boolean,
  pass: (params: JSONObject | undefined) => unknown,
): Promise<void> {
  const ctx: ServerNotificationContext = { method, params, notification, incoming, session };
  // Each layer runs in a promise executor, so one that throws rejects rather than throws, and a
  // received notification whose layers call `next()` at once is dispatched at once, in wire order.
  const enter = (index: number): Promise<void> =>
    new Promise((resolve) => {
      const layer = session.server.notificationChains![index];
      resolve((layer ? layer(ctx, () => enter(index + 1)) : pass(ctx.params)) as Promise<void>);
    });
  return enter(0);
}

/**
 * @internal Runs `session`'s notifications, and the requests its `context()` sends, through its
 * server's notification middleware from now on. A failure passes as it is: a sent notification's
 * rejects the send, a request's rejects it, a received notification's is reported to `onerror`.
 */
export function chainNotifications(session: ServerSession<any>): void {
  const transport = session.peer.transport!;
  const wrap =
    (incoming: boolean, pass: Pass): Pass =>
    (message: Message, extra) => {
      if (!message.method || 'id' in message) return pass(message, extra);
      const done = runLayers(session, message.method, message.params, true, incoming, (params) =>
        pass(params === message.params ? message : { ...message, params }, extra),
      );
      return incoming
        ? void done.then(undefined, (error) =>
            session.server.reportError(error, { sessionId: session.sessionId }),
          )
        : done;
    };
  transport.send = wrap(false, transport.send.bind(transport)) as Transport['send'];
  transport.onmessage = wrap(true, transport.onmessage!);
  session.sendThroughChain = (method, params, options) => {
    let answer: Promise<JSONObject> | undefined;
    // `next()` settles with the answer; the request's own outcome is the answer even when a layer
    // gives back nothing.
    return runLayers(session, method, params, false, false, (sent) => {
      answer = session.peer.request(method, sent, options);
      return answer;
    }).then(() => answer ?? Promise.reject(new Error(`${method} was dropped by a notification middleware`)));
  };
}
