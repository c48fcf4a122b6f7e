// Server instrumentation: one SERVER span and one `mcp.server.operation.duration` point per request,
// through the server's middleware chain, and `mcp.server.session.duration` from its session events.
import {
  type Attributes,
  type Context,
  context as contextApi,
  type Link,
  propagation,
  type Span,
  SpanKind,
  trace,
} from '@opentelemetry/api';
import {
  addSpanOnlyAttributes,
  describeOperation,
  failureOf,
  failureOfResult,
  recordFailure,
  recordToolResult,
} from './conventions.js';
import { McpHistograms, nowSeconds, SessionDurations } from './metrics.js';
import { HTTP_NETWORK_ATTRIBUTES, type InstrumentServerOptions, networkAttributes } from './options.js';
import { metaOf, serverParent } from './propagation.js';
import { claimForInstrumentation, INSTRUMENTATION_NAME } from './scope.js';
import { ATTR_JSONRPC_REQUEST_ID, ATTR_MCP_PROTOCOL_VERSION, ATTR_MCP_SESSION_ID } from './semconv.js';
import { type SenderTracing, traceWhatTheHandlerSends } from './sender.js';
import { serverNotificationMiddleware } from './server-notifications.js';
import type {
  HeaderLookup,
  InstrumentableServer,
  JsonObjectLike,
  ObservingServerMiddleware,
  OutcomeLike,
  ServerCallContext,
  ServerSessionEventLike,
} from './types.js';

/** The name the middleware is registered under (errors of the chain name it). */
export const SERVER_MIDDLEWARE_NAME = 'otel';

/**
 * Traces and measures every request `server` handles, by the OpenTelemetry MCP conventions: a SERVER
 * span named `{mcp.method.name} {tool or prompt}` whose parent is the trace context in the request's
 * `params._meta` (over HTTP, the `traceparent` header when `_meta` has none; the ambient span is then
 * linked), error status and `error.type` for error answers and failed tool calls, and the
 * `mcp.server.operation.duration` and `mcp.server.session.duration` histograms. Register it before
 * other middleware so that its span covers theirs. Returns `server`; throws if `server` was
 * instrumented before.
 */
export function instrumentServer<S extends InstrumentableServer>(
  server: S,
  options: InstrumentServerOptions = {},
): S {
  claimForInstrumentation(server, 'instrumentServer');
  const histograms = new McpHistograms('server', options.meterProvider);
  const sessions = new SessionDurations(histograms);
  // What the server sends its client is measured as the sender's: mcp.client.operation.duration.
  const sender = new McpHistograms('client', options.meterProvider);
  server.use(serverMiddleware(options, histograms, sessions, sender), { name: SERVER_MIDDLEWARE_NAME });
  // Registered even with `traceNotifications: false`: it also traces the requests the server sends
  // through `session.context()` outside any request, which no request middleware is around.
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_NAME);
  const receiving = {
    tracer,
    propagator: options.propagator ?? propagation,
    histograms,
    uriInName: options.resourceUriInSpanName === true,
  };
  const sending = { ...receiving, histograms: sender, notifications: options.traceNotifications !== false };
  server.use(
    serverNotificationMiddleware(sending, receiving, sessions, networkAttributes(options.transport)),
    {
      name: SERVER_MIDDLEWARE_NAME,
      notifications: true,
    },
  );
  server.onSession((event) => onServerSession(event, sessions, options));
  return server;
}

function onServerSession(
  event: ServerSessionEventLike,
  sessions: SessionDurations,
  options: InstrumentServerOptions,
): void {
  if (event.type === 'close') {
    sessions.close(event.sessionId, event.protocolVersion, event.error);
    return;
  }
  // Only HTTP transports have MCP session ids (the Mcp-Session-Id header): a session with an id and
  // no transport name (the HTTP handler names none) is an HTTP session.
  const network = networkAttributes(
    options.transport ?? event.transport ?? (event.sessionId === undefined ? undefined : 'http'),
  );
  sessions.open(event.sessionId, { ...network, [ATTR_MCP_PROTOCOL_VERSION]: event.protocolVersion });
}

function serverMiddleware(
  options: InstrumentServerOptions,
  histograms: McpHistograms,
  sessions: SessionDurations,
  sender: McpHistograms,
): ObservingServerMiddleware {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_NAME);
  const propagator = options.propagator ?? propagation;
  const sending: SenderTracing = {
    tracer,
    propagator,
    histograms: sender,
    uriInName: options.resourceUriInSpanName === true,
    notifications: options.traceNotifications !== false,
  };
  const fixedNetwork = networkAttributes(options.transport);
  const uriInName = options.resourceUriInSpanName === true;
  const captureArguments = options.captureToolArguments === true;
  const captureResult = options.captureToolResult === true;

  // No async function and no await: the span ends in the callbacks of the one promise `next()` gives,
  // so a request makes no promises of our own beyond that `then` (each costs more once the async-local-
  // storage context manager has turned Node's promise hooks on).
  return function otel<O extends OutcomeLike>(ctx: ServerCallContext, next: () => Promise<O>): Promise<O> {
    const method = ctx.method;
    const params = ctx.params;
    const request = ctx.request;
    const operation = describeOperation(method, params, uriInName);
    const attributes = operation.attributes;
    if (request.protocolVersion !== undefined)
      attributes[ATTR_MCP_PROTOCOL_VERSION] = request.protocolVersion;
    // `in`, not a read: the node adapter builds the request's Headers when `requestHeaders` is read.
    const extra = request.extra;
    const overHttp = extra !== undefined && 'requestHeaders' in extra;
    const network =
      fixedNetwork ??
      (overHttp ? HTTP_NETWORK_ATTRIBUTES : undefined) ??
      (request.sessionId === undefined ? undefined : sessions.attributesOf(request.sessionId));
    if (network !== undefined) Object.assign(attributes, network);
    // The histogram's attributes are the span's so far; none when no meter provider records them.
    const metricAttributes = histograms.recording ? { ...attributes } : undefined;
    const start = metricAttributes === undefined ? 0 : nowSeconds();

    addSpanOnlyAttributes(attributes, operation, method, params, captureArguments);
    if (request.sessionId !== undefined) attributes[ATTR_MCP_SESSION_ID] = request.sessionId;
    if (request.requestId !== undefined && request.requestId !== null)
      attributes[ATTR_JSONRPC_REQUEST_ID] = String(request.requestId);

    const ambient = contextApi.active();
    // The params' own `_meta`, not `ctx._meta`: that is a frozen copy made on first read, which the
    // propagator's two lookups do not need.
    const parent = serverParent(
      ambient,
      metaOf(params),
      overHttp ? () => headersOf(extra) : undefined,
      propagator,
    );
    const span = tracer.startSpan(
      operation.name,
      { kind: SpanKind.SERVER, attributes, links: ambientLink(ambient, parent.remote) },
      parent.context,
    );
    const finish = (): void => {
      span.end();
      if (metricAttributes !== undefined) histograms.operation.record(nowSeconds() - start, metricAttributes);
    };
    const failed = (error: unknown): never => {
      recordFailure(span, metricAttributes, failureOf(error, true));
      finish();
      throw error;
    };
    // What the handler sends its client while this request runs gets CLIENT spans, children of
    // the span active where it is sent (this one, or the handler's own).
    traceWhatTheHandlerSends(request, sending, {
      protocolVersion: request.protocolVersion,
      sessionId: request.sessionId,
      network,
    });
    let outcome: Promise<O>;
    try {
      // The handler's own spans are children of this one: it is active while the rest of the chain
      // and the handler run (the context manager carries it across their awaits).
      outcome = contextApi.with(trace.setSpan(parent.context, span), next);
    } catch (error) {
      return Promise.reject(error).then(undefined, failed);
    }
    return outcome.then((settled) => {
      try {
        if (settled.type === 'error') recordFailure(span, metricAttributes, failureOf(settled.error));
        else if (settled.type === 'result') {
          // The context of an `initialize` knows no revision yet: its answer tells the negotiated one.
          if (method === 'initialize') setNegotiatedVersion(span, metricAttributes, settled.result);
          const failure = failureOfResult(method, settled.result);
          if (failure !== undefined) recordFailure(span, metricAttributes, failure);
          else if (captureResult && method === 'tools/call') recordToolResult(span, settled.result);
        }
      } finally {
        finish();
      }
      return settled;
    }, failed);
  };
}

function setNegotiatedVersion(
  span: Span,
  metricAttributes: Attributes | undefined,
  result: JsonObjectLike | undefined,
): void {
  const version = result?.protocolVersion;
  if (typeof version !== 'string') return;
  span.setAttribute(ATTR_MCP_PROTOCOL_VERSION, version);
  if (metricAttributes !== undefined) metricAttributes[ATTR_MCP_PROTOCOL_VERSION] = version;
}

function headersOf(extra: { readonly requestHeaders?: HeaderLookup } | undefined): HeaderLookup | undefined {
  return extra?.requestHeaders;
}

/**
 * The conventions: the server span's parent is the message's context and the ambient span (e.g. an
 * HTTP server span) is linked. Without a message context the ambient span is the parent, no link.
 */
function ambientLink(ambient: Context, remoteParent: boolean): Link[] | undefined {
  if (!remoteParent) return undefined;
  const spanContext = trace.getSpan(ambient)?.spanContext();
  return spanContext !== undefined && trace.isSpanContextValid(spanContext)
    ? [{ context: spanContext }]
    : undefined;
}
