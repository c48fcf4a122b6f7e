// Client instrumentation: one CLIENT span and one `mcp.client.operation.duration` point per outgoing
// request, through the client's middleware chain, with the span's trace context injected into
// `params._meta`; `mcp.client.session.duration` from the client's session events.
import { type Attributes, context as contextApi, propagation, SpanKind, trace } from '@opentelemetry/api';
import {
  addSpanOnlyAttributes,
  describeOperation,
  failureOf,
  failureOfResult,
  recordFailure,
  recordToolResult,
} from './conventions.js';
import { McpHistograms, nowSeconds, SessionDurations } from './metrics.js';
import { clientNetworkAttributes, type InstrumentClientOptions } from './options.js';
import { injectTraceContextIntoMeta, metaOf } from './propagation.js';
import { type ReceiverTracing, receiveTraced } from './receiver.js';
import { claimForInstrumentation, INSTRUMENTATION_NAME } from './scope.js';
import { ATTR_JSONRPC_REQUEST_ID, ATTR_MCP_PROTOCOL_VERSION, ATTR_MCP_SESSION_ID } from './semconv.js';
import { type SenderTracing, sendTraced } from './sender.js';
import type {
  ClientCallContext,
  ClientSessionEventLike,
  InstrumentableClient,
  JsonObjectLike,
  ObservingClientMiddleware,
} from './types.js';

/** The name the middleware is registered under (errors of the chain name it). */
export const CLIENT_MIDDLEWARE_NAME = 'otel';

/**
 * Traces and measures every request `client` sends, by the OpenTelemetry MCP conventions: a CLIENT
 * span named `{mcp.method.name} {tool or prompt}`, child of the active span, whose context the
 * propagator injects into `params._meta` (`traceparent`, `tracestate` with W3C Trace Context), so the
 * server's span becomes its child; error status and `error.type` for error answers, local failures
 * (timeouts, closed connections) and failed tool calls; the `mcp.client.operation.duration` and
 * `mcp.client.session.duration` histograms. Returns `client`; throws if `client` was instrumented
 * before.
 */
export function instrumentClient<C extends InstrumentableClient>(
  client: C,
  options: InstrumentClientOptions = {},
): C {
  claimForInstrumentation(client, 'instrumentClient');
  const histograms = new McpHistograms('client', options.meterProvider);
  const sessions = new SessionDurations(histograms);
  const network = clientNetworkAttributes(options);
  client.use(clientMiddleware(options, network, histograms), { name: CLIENT_MIDDLEWARE_NAME });
  const receiver: ReceiverTracing = {
    tracer: (options.tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_NAME),
    propagator: options.propagator ?? propagation,
    histograms: new McpHistograms('server', options.meterProvider),
    uriInName: options.resourceUriInSpanName === true,
  };
  const received = receivedMiddleware(receiver, network);
  client.use(received, { name: CLIENT_MIDDLEWARE_NAME, incoming: true });
  if (options.traceNotifications !== false) {
    const sender: SenderTracing = { ...receiver, histograms, notifications: true };
    client.use(sentNotificationMiddleware(sender, network), {
      name: CLIENT_MIDDLEWARE_NAME,
      notifications: true,
    });
    client.use(received, { name: CLIENT_MIDDLEWARE_NAME, notifications: true, incoming: true });
  }
  client.onSession((event) => onClientSession(event, sessions, network));
  return client;
}

function onClientSession(
  event: ClientSessionEventLike,
  sessions: SessionDurations,
  network: Attributes | undefined,
): void {
  if (event.type === 'close') sessions.close(event.sessionId, event.protocolVersion, event.error);
  else sessions.open(event.sessionId, { ...network, [ATTR_MCP_PROTOCOL_VERSION]: event.protocolVersion });
}

function clientMiddleware(
  options: InstrumentClientOptions,
  network: Attributes | undefined,
  histograms: McpHistograms,
): ObservingClientMiddleware {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_NAME);
  const propagator = options.propagator ?? propagation;
  const uriInName = options.resourceUriInSpanName === true;
  const captureArguments = options.captureToolArguments === true;
  const captureResult = options.captureToolResult === true;

  // No async function and no await (see the server's middleware): the span ends in the callbacks of
  // the one promise `next()` gives.
  return function otel<R extends JsonObjectLike>(ctx: ClientCallContext, next: () => Promise<R>): Promise<R> {
    const method = ctx.method;
    const params = ctx.params;
    const operation = describeOperation(method, params, uriInName);
    const attributes = operation.attributes;
    if (ctx.protocolVersion !== undefined) attributes[ATTR_MCP_PROTOCOL_VERSION] = ctx.protocolVersion;
    if (network !== undefined) Object.assign(attributes, network);
    // The histogram's attributes are the span's so far; none when no meter provider records them.
    const metricAttributes = histograms.recording ? { ...attributes } : undefined;
    const start = metricAttributes === undefined ? 0 : nowSeconds();
    addSpanOnlyAttributes(attributes, operation, method, params, captureArguments);
    if (ctx.sessionId !== undefined) attributes[ATTR_MCP_SESSION_ID] = ctx.sessionId;

    const parent = contextApi.active();
    const span = tracer.startSpan(operation.name, { kind: SpanKind.CLIENT, attributes }, parent);
    const withSpan = trace.setSpan(parent, span);
    const meta = metaOf(params);
    const injected = injectTraceContextIntoMeta(meta, withSpan, propagator);
    if (injected !== meta) {
      // A spread alone, then the key: `{ ...params, _meta }` in one literal takes V8's slow path (~1 us).
      const sent: Record<string, unknown> = { ...params };
      sent._meta = injected;
      ctx.params = sent;
    }

    const finish = (): void => {
      // The client allocates the JSON-RPC id when the request goes on the wire, inside `next()`.
      const requestId = ctx.requestId;
      if (requestId !== undefined) span.setAttribute(ATTR_JSONRPC_REQUEST_ID, String(requestId));
      span.end();
      if (metricAttributes !== undefined) histograms.operation.record(nowSeconds() - start, metricAttributes);
    };
    const failed = (error: unknown): never => {
      recordFailure(span, metricAttributes, failureOf(error));
      finish();
      throw error;
    };
    let result: Promise<R>;
    try {
      // Active while the request is sent, so spans the transport makes (an HTTP client span) are its
      // children, as the conventions' HTTP examples show.
      result = contextApi.with(withSpan, next);
    } catch (error) {
      return Promise.reject(error).then(undefined, failed);
    }
    return result.then((answer) => {
      try {
        const failure = failureOfResult(method, answer);
        if (failure !== undefined) recordFailure(span, metricAttributes, failure);
        else if (captureResult && method === 'tools/call') recordToolResult(span, answer);
      } finally {
        finish();
      }
      return answer;
    }, failed);
  };
}

/**
 * Around what the server sends (its requests: sampling, elicitation, roots, ping; and its
 * notifications): a SERVER span whose parent is the trace context in their `_meta` (the server's
 * CLIENT span), and the receiver's histogram, `mcp.server.operation.duration`.
 */
function receivedMiddleware(
  tracing: ReceiverTracing,
  network: Attributes | undefined,
): ObservingClientMiddleware {
  return function otel<R extends JsonObjectLike>(ctx: ClientCallContext, next: () => Promise<R>): Promise<R> {
    const message = {
      method: ctx.method,
      params: ctx.params,
      protocolVersion: ctx.protocolVersion,
      sessionId: ctx.sessionId,
      requestId: ctx.requestId,
      network,
    };
    return receiveTraced(tracing, message, next);
  };
}

/**
 * Around the notifications the client sends (`notifications/initialized`, roots list changes, ...):
 * a CLIENT span, its context injected into their `_meta`, and `mcp.client.operation.duration`.
 */
function sentNotificationMiddleware(
  tracing: SenderTracing,
  network: Attributes | undefined,
): ObservingClientMiddleware {
  return function otel<R extends JsonObjectLike>(ctx: ClientCallContext, next: () => Promise<R>): Promise<R> {
    const facts = { protocolVersion: ctx.protocolVersion, sessionId: ctx.sessionId, network };
    return sendTraced(tracing, facts, ctx.method, ctx.params, (params) => {
      ctx.params = params;
      return next();
    });
  };
}
