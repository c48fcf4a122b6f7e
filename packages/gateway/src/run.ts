import { handlerAuth, type ResourceServer, withProtectedResourceMetadata } from '@mcpkit/auth-server';
import type { Transport } from '@mcpkit/jsonrpc';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { Aggregator } from './aggregate/aggregator.js';
import type { ConfigUpstream, GatewayConfig } from './config.js';
import { describeError } from './errors.js';
import { startHttpStdioBridge } from './http-to-stdio.js';
import { oauthLogin } from './oauth.js';
import { type GatewayEvent, type HttpUpstream, isStdioUpstream, type Upstream } from './options.js';
import { resourceServerFor } from './serve-auth.js';
import type { GatewayHttpOptions } from './stdio-to-http.js';
import { createStdioHttpGateway } from './stdio-to-http.js';

/** A gateway started from a configuration. */
export interface RunningGateway {
  /** The MCP endpoint, when serving over HTTP. */
  url: URL | undefined;
  /**
   * Resolves when the gateway ended on its own: its stdio client went away (undefined), or the
   * remote server of a relay did (why).
   */
  closed: Promise<Error | undefined>;
  /** Stops serving, closes every upstream and stops every child. */
  close(): Promise<void>;
}

/** Where the gateway reports: one line per event or problem (the CLI writes them to stderr). */
export type GatewayLog = (line: string) => void;

/** One line for an event. */
export function describeEvent(event: GatewayEvent): string {
  switch (event.type) {
    case 'child-started':
      return `${event.upstream}: started pid ${event.pid} for session ${event.sessionId ?? '(none)'}`;
    case 'child-exited':
      return `${event.upstream}: pid ${event.pid} ended${event.reason ? `: ${event.reason.message}` : ''}`;
    case 'upstream-up':
      return `${event.upstream}: connected (${event.protocolVersion ?? 'unknown revision'})`;
    case 'upstream-down':
      return `${event.upstream}: unavailable, retrying in ${event.retryInMs} ms: ${event.reason.message}`;
    case 'collision':
      return `${event.upstream}: ${event.kind} ${event.name} is already offered by ${event.keptFrom}; left out`;
  }
}

function httpOptions(
  config: GatewayConfig,
  log: GatewayLog,
  auth: ResourceServer | undefined,
): GatewayHttpOptions {
  const { serve: options = {} } = config;
  const http: GatewayHttpOptions = { onerror: (error) => log(`http: ${error.message}`) };
  if (auth !== undefined) Object.assign(http, handlerAuth(auth));
  if (options.endpoint !== undefined) http.endpoint = options.endpoint;
  if (options.stateless !== undefined) http.stateless = options.stateless;
  if (options.legacySse === false) http.legacySse = false;
  if (options.health !== undefined) http.health = options.health;
  if (options.allowedHosts !== undefined) http.allowedHosts = options.allowedHosts;
  if (options.allowedOrigins !== undefined) http.allowedOrigins = options.allowedOrigins;
  if (options.cors !== undefined) http.cors = options.cors;
  if (options.rateLimit !== undefined) http.rateLimit = options.rateLimit;
  if (options.maxSessions !== undefined) http.maxSessions = options.maxSessions;
  if (options.sessionIdleTimeoutMs !== undefined) http.sessionIdleTimeoutMs = options.sessionIdleTimeoutMs;
  return http;
}

/** Turns configured upstreams into the library's, logging in with OAuth where asked. */
async function resolveUpstreams(
  configured: readonly ConfigUpstream[],
  log: GatewayLog,
  closers: (() => Promise<void>)[],
): Promise<Upstream[]> {
  const upstreams: Upstream[] = [];
  for (const each of configured) {
    if (!('url' in each) || each.oauth === undefined) {
      upstreams.push(each as Upstream);
      continue;
    }
    const { oauth, ...rest } = each;
    const login = await oauthLogin({
      serverUrl: each.url,
      ...(oauth === true ? {} : oauth),
      onerror: (error) => log(`oauth: ${error.message}`),
    });
    closers.push(login.close);
    upstreams.push({ ...(rest as HttpUpstream), auth: login.provider });
  }
  return upstreams;
}

/**
 * Starts what a configuration describes. Downstream: HTTP when `serve` is given, else this
 * process's stdio. One stdio upstream served over HTTP is the stdio -> HTTP gateway; one HTTP
 * upstream served on stdio is the HTTP -> stdio bridge; anything else (several upstreams, or
 * stdio to stdio, HTTP to HTTP) is an aggregator.
 */
export async function runGateway(
  config: GatewayConfig,
  log: GatewayLog,
  stdio?: Transport,
): Promise<RunningGateway> {
  const closers: (() => Promise<void>)[] = [];
  const onevent = (event: GatewayEvent) => log(describeEvent(event));
  const onerror = (error: Error) => log(error.message);
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) {
      await close().catch((error: unknown) => log(`while closing: ${describeError(error)}`));
    }
  };
  try {
    const upstreams = await resolveUpstreams(
      config.upstreams ?? (config.upstream ? [config.upstream] : []),
      log,
      closers,
    );
    const single = config.upstream === undefined ? undefined : upstreams[0];
    const serving = config.serve;

    if (serving !== undefined) {
      const auth = serving.auth === undefined ? undefined : resourceServerFor(serving.auth);
      let handler: StreamableHttpHandler;
      if (single !== undefined && isStdioUpstream(single)) {
        const gateway = createStdioHttpGateway({
          upstream: single,
          ...(config.children === undefined ? {} : { children: config.children }),
          http: httpOptions(config, log, auth),
          onevent,
          onerror,
        });
        closers.push(() => gateway.close());
        handler = gateway.handler;
      } else {
        const aggregator = aggregatorFor(config, upstreams, onevent, onerror);
        closers.push(() => aggregator.close());
        await aggregator.start();
        handler = createStreamableHttpHandler({
          ...httpOptions(config, log, auth),
          server: aggregator.server,
        });
        closers.push(() => handler.close());
      }
      // The protected resource metadata is served beside the endpoint, which answers only its own path.
      const handle = await serve(
        auth === undefined ? handler : withProtectedResourceMetadata(auth, handler),
        {
          ...(serving.port === undefined ? {} : { port: serving.port }),
          ...(serving.host === undefined ? {} : { host: serving.host }),
        },
      );
      closers.push(() => handle.close());
      const url = new URL(serving.endpoint ?? '/mcp', handle.url);
      return { url, closed: new Promise<undefined>(() => undefined), close: closeAll };
    }

    const downstream = stdio ?? new StdioServerTransport();
    if (single !== undefined && !isStdioUpstream(single)) {
      const bridge = await startHttpStdioBridge({
        upstream: single,
        downstream,
        ...(config.mode === undefined ? {} : { mode: config.mode }),
        onevent,
        onerror,
      });
      closers.push(() => bridge.close());
      const closed = bridge.closed.then(async (reason) => {
        if (reason !== undefined) log(reason.message);
        await closeAll();
        return reason;
      });
      return { url: undefined, closed, close: closeAll };
    }
    const aggregator = aggregatorFor(config, upstreams, onevent, onerror);
    closers.push(() => aggregator.close());
    await aggregator.start();
    const session = await aggregator.server.connect(downstream);
    const closed = new Promise<void>((resolve) => session.addCloseListener(() => resolve()))
      .then(closeAll)
      .then(() => undefined);
    return { url: undefined, closed, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function aggregatorFor(
  config: GatewayConfig,
  upstreams: Upstream[],
  onevent: (event: GatewayEvent) => void,
  onerror: (error: Error) => void,
): Aggregator {
  return new Aggregator({
    // One upstream keeps its own names unless the configuration names a namespace.
    upstreams:
      config.upstream === undefined ? upstreams : upstreams.map((each) => ({ namespace: false, ...each })),
    ...(config.separator === undefined ? {} : { separator: config.separator }),
    ...(config.retry === undefined ? {} : { retry: config.retry }),
    ...(config.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: config.requestTimeoutMs }),
    onevent,
    onerror,
  });
}
