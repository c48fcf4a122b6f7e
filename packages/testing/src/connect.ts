import { McpClient, type McpClientOptions } from '@mcpkit/client';
import type { AuthInfo, MessageExtra, Transport } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type { Implementation, JSONObject, JSONRPCMessage } from '@mcpkit/protocol';
import type { McpServer, ServerSession } from '@mcpkit/server';
import { NotificationRecorder } from './recorder.js';

/**
 * Options of `connectInProcess`: every `McpClientOptions` (the revision to offer, capabilities,
 * `sampling`, `elicitation` and `roots` handlers, `onLogMessage`, ...) plus what a test simulates.
 */
export interface ConnectInProcessOptions extends McpClientOptions {
  /** The client's name and version (default `{ name: 'mcpkit-testing', version: '0.0.0' }`). */
  clientInfo?: Implementation;
  /**
   * Delivered to the server with every message (`MessageExtra.authInfo`), as an HTTP transport does
   * once its auth hook accepted a bearer token: handlers, middleware and visibility predicates see it
   * as `ctx.authInfo`. Change it later with `setAuthInfo`.
   */
  authInfo?: AuthInfo;
  /**
   * Sent in `params._meta` of every request, under the `_meta` a call passes itself (the call's
   * keys win), e.g. `{ traceparent }` or `{ 'example.com/tenant': 'acme' }`.
   */
  _meta?: JSONObject;
  /** Names the server-side session (`ctx.sessionId`; default: none, as over stdio). */
  sessionId?: string;
}

/** A server and a client connected in-process, and what the client received. */
export interface InProcessConnection {
  /** The connected client: call tools, read resources, get prompts as a host would. */
  readonly client: McpClient;
  /** The server's side of the connection. */
  readonly session: ServerSession;
  /** Every notification the client received: progress, log messages, list_changed, resource updates. */
  readonly notifications: NotificationRecorder;
  /** Replaces the auth info the server sees with the next messages (`undefined`: none). */
  setAuthInfo(authInfo: AuthInfo | undefined): void;
  /** Closes the client and with it the server's session; pending `waitFor`s reject. */
  close(): Promise<void>;
}

/**
 * Connects a client to `server` over an in-memory transport pair and completes the handshake:
 * `initialize` at a stateful revision, or `server/discover` when `protocolVersion` is
 * `2026-07-28` (the server must list that revision in its `protocolVersions`). Fails with a
 * readable error when the server negotiated another revision than the one asked for.
 */
export async function connectInProcess(
  server: McpServer<any>,
  options: ConnectInProcessOptions = {},
): Promise<InProcessConnection> {
  const { clientInfo, authInfo, _meta, sessionId, ...clientOptions } = options;
  const [clientSide, serverSide] = createInMemoryTransportPair();
  const serverTransport = new ExtraAddingTransport(serverSide);
  if (authInfo !== undefined) serverTransport.extra = { authInfo };
  const session = await server.connect(serverTransport, sessionId === undefined ? {} : { sessionId });
  const notifications = new NotificationRecorder();
  const client = new McpClient(clientInfo ?? { name: 'mcpkit-testing', version: '0.0.0' }, clientOptions);
  if (_meta !== undefined) client.use(addMeta(_meta), { name: '@mcpkit/testing _meta' });
  try {
    await client.connect(notifications.wrap(clientSide));
    const asked = clientOptions.protocolVersion;
    if (asked !== undefined && client.protocolVersion !== asked) {
      throw new Error(
        `connectInProcess asked for protocol revision ${asked} but the server negotiated ${client.protocolVersion}` +
          ` (it supports ${server.protocolVersions.join(', ')}; list ${asked} in the McpServer's protocolVersions option)`,
      );
    }
  } catch (error) {
    await client.close();
    await session.close();
    throw error;
  }
  return {
    client,
    session,
    notifications,
    setAuthInfo(next) {
      serverTransport.extra = next === undefined ? undefined : { authInfo: next };
    },
    async close() {
      await client.close();
      await session.close();
    },
  };
}

/** A client middleware that puts `defaults` under each request's own `_meta`. */
function addMeta(defaults: JSONObject) {
  return (ctx: { params: JSONObject | undefined }, next: () => Promise<JSONObject>): Promise<JSONObject> => {
    const own = ctx.params?._meta as JSONObject | undefined;
    ctx.params = { ...ctx.params, _meta: { ...defaults, ...own } };
    return next();
  };
}

/**
 * The server's end of the pair, adding transport facts (auth info) to what it delivers: the
 * in-memory pair delivers none, HTTP transports deliver them with every message.
 */
class ExtraAddingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;
  /** Read per message, so `setAuthInfo` applies to the next message. */
  extra: MessageExtra | undefined;

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) =>
      this.onmessage?.(message, this.extra === undefined ? extra : { ...extra, ...this.extra });
    inner.onclose = (reason) => this.onclose?.(reason);
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
