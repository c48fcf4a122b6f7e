import type { Transport } from '@mcpkit/jsonrpc';
import {
  createStreamableHttpHandler,
  type SessionInfo,
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '@mcpkit/transport-http-server';
import { Aggregator } from './aggregate/aggregator.js';
import { describeError, GatewayError, GatewayErrorCode } from './errors.js';
import type { GatewayEvent, StdioUpstream } from './options.js';
import { type Relay, relay } from './relay.js';
import { stdioTransportFor } from './stdio-child.js';

/** What the HTTP side takes: every handler option but the wiring, which the gateway does. */
export type GatewayHttpOptions = Omit<StreamableHttpHandlerOptions, 'server' | 'onSession' | 'onRequest'>;

/** Options of `createStdioHttpGateway`. */
export interface StdioHttpGatewayOptions {
  /** The stdio server to publish: a command line. */
  upstream: StdioUpstream;
  /**
   * `per-session` (default): each HTTP session gets a child of its own and its messages are relayed
   * as they are, so every feature of the session's revision passes through; a child that dies ends
   * its session (the client's next request gets 404, and a client such as `McpClient` opens a new
   * session, with a new child). Serves the stateful revisions (2024-11-05 to 2025-11-25).
   * `shared`: one child serves every session and request through the gateway's own server, which
   * speaks every revision (2026-07-28 included) and stateless mode; a child that dies is started
   * again with backoff.
   */
  children?: 'per-session' | 'shared';
  /** The HTTP server's options: stateless mode (with `shared`), authentication, rate limit, health, Host/Origin checks... */
  http?: GatewayHttpOptions;
  /** What happens to the children and the sessions: started, exited, restarted. */
  onevent?: (event: GatewayEvent) => void;
  /** Problems that do not stop the gateway (a child printing non-JSON-RPC output, a failed write). */
  onerror?: (error: Error) => void;
}

/** A stdio server published over Streamable HTTP: serve `handler` (e.g. with `serve` from the node adapter). */
export interface StdioHttpGateway {
  /** The Streamable HTTP handler (Web `Request` -> `Response`; `toNodeHandler` serves it on node:http). */
  readonly handler: StreamableHttpHandler;
  /** Children running now. */
  readonly childCount: number;
  /** Stops accepting requests, closes every session and stops every child. */
  close(): Promise<void>;
}

/**
 * Publishes a stdio MCP server (any command line) as a Streamable HTTP endpoint, with every option
 * of the HTTP handler: sessions or stateless, authentication (`authenticate`/`authorizeCall`, e.g.
 * from `@mcpkit/auth-server`), rate limit, health endpoint, Host/Origin checks.
 */
export function createStdioHttpGateway(options: StdioHttpGatewayOptions): StdioHttpGateway {
  const onevent = options.onevent ?? (() => undefined);
  const onerror = options.onerror ?? (() => undefined);
  const http = options.http ?? {};
  const name = options.upstream.name ?? options.upstream.command;
  if ((options.children ?? 'per-session') === 'shared') {
    const aggregator = new Aggregator({
      upstreams: [{ ...options.upstream, name, namespace: false }],
      onevent,
      onerror,
    });
    const handler = createStreamableHttpHandler({
      ...http,
      server: aggregator.server,
      onerror: http.onerror ?? onerror,
    });
    void aggregator.start();
    return {
      handler,
      get childCount() {
        return aggregator.connectedCount;
      },
      close: async () => {
        await handler.close();
        await aggregator.close();
      },
    };
  }
  if (http.stateless === true) {
    throw new GatewayError(
      GatewayErrorCode.InvalidConfig,
      'http.stateless needs children: "shared": a child per session cannot serve requests that belong to no session',
    );
  }
  const relays = new Set<Relay>();
  const onSession = async (transport: Transport, info: SessionInfo) => {
    const child = stdioTransportFor(options.upstream);
    const sessionId = info.sessionId;
    const started = await relay(transport, child, {
      upstreamName: name,
      onerror,
      onclose: (reason) => {
        // A child that never started is reported once, by the failure below.
        if (child.pid !== undefined)
          onevent({ type: 'child-exited', upstream: name, sessionId, pid: child.pid, reason });
      },
    }).catch((error: unknown) => {
      // Could not spawn: fail the session; the client's initialize gets the handler's error answer.
      throw new GatewayError(
        GatewayErrorCode.UpstreamUnavailable,
        `${name} could not start: ${describeError(error)}`,
        {
          cause: error,
        },
      );
    });
    relays.add(started);
    void started.closed.then(() => relays.delete(started));
    onevent({ type: 'child-started', upstream: name, sessionId, pid: child.pid });
  };
  const handler = createStreamableHttpHandler({
    ...http,
    // A 2026-07-28 request belongs to no session, and a child per request would answer it without
    // the initialize it needs: refuse them (400/-32022), so clients fall back to initialize.
    statelessProtocolVersions: [],
    onSession,
    onerror: http.onerror ?? onerror,
  });
  return {
    handler,
    get childCount() {
      return relays.size;
    },
    close: async () => {
      await handler.close();
      await Promise.allSettled([...relays].map((each) => each.close()));
    },
  };
}
