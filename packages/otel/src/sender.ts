// The sender's side of a message that is not a request the middleware chain wraps: what a server
// sends its client from inside a request (sampling, elicitation, roots; progress, log messages), by
// the conventions a CLIENT span ("reported by the MCP server when server initiates the operation")
// with the trace context injected into the message's `params._meta`, and a point of
// `mcp.client.operation.duration` (observed on the sender until the response, or the notification's
// ack: here, written to the transport).
import { type Attributes, context as contextApi, SpanKind, type Tracer, trace } from '@opentelemetry/api';
import { addSpanOnlyAttributes, describeOperation } from './conventions.js';
import { type McpHistograms, nowSeconds } from './metrics.js';
import { injectTraceContextIntoMeta, type McpPropagator, metaOf } from './propagation.js';
import { ATTR_MCP_PROTOCOL_VERSION, ATTR_MCP_SESSION_ID } from './semconv.js';
import { settleTraced } from './settle.js';
import type { JsonObjectLike, OutgoingRequestContext } from './types.js';

/** What tracing a sender needs, made once per instrumented server or client. */
export interface SenderTracing {
  readonly tracer: Tracer;
  readonly propagator: McpPropagator;
  /** The sender's histograms: `mcp.client.operation.duration`. */
  readonly histograms: McpHistograms;
  readonly uriInName: boolean;
  /** False when notification spans are turned off (`traceNotifications: false`). */
  readonly notifications: boolean;
}

/** Facts of the session a message goes out on. */
export interface SenderFacts {
  readonly protocolVersion: string | undefined;
  readonly sessionId: string | undefined;
  readonly network: Attributes | undefined;
}

/**
 * Sends one message under a CLIENT span: `send` gets the params with the span's context in `_meta`
 * and runs with the span active; the span ends when what `send` returned settles (a request's
 * answer; a notification written).
 */
export function sendTraced<T>(
  tracing: SenderTracing,
  facts: SenderFacts,
  method: string,
  params: JsonObjectLike | undefined,
  send: (params: JsonObjectLike | undefined) => Promise<T>,
): Promise<T> {
  const histograms = tracing.histograms;
  const operation = describeOperation(method, params, tracing.uriInName);
  const attributes = operation.attributes;
  if (facts.protocolVersion !== undefined) attributes[ATTR_MCP_PROTOCOL_VERSION] = facts.protocolVersion;
  if (facts.network !== undefined) Object.assign(attributes, facts.network);
  const metricAttributes = histograms.recording ? { ...attributes } : undefined;
  const start = metricAttributes === undefined ? 0 : nowSeconds();
  addSpanOnlyAttributes(attributes, operation, method, params, false);
  if (facts.sessionId !== undefined) attributes[ATTR_MCP_SESSION_ID] = facts.sessionId;

  const parent = contextApi.active();
  const span = tracing.tracer.startSpan(operation.name, { kind: SpanKind.CLIENT, attributes }, parent);
  const withSpan = trace.setSpan(parent, span);
  const meta = metaOf(params);
  const injected = injectTraceContextIntoMeta(meta, withSpan, tracing.propagator);
  let sent = params;
  if (injected !== meta) {
    const copy: Record<string, unknown> = { ...params };
    copy._meta = injected;
    sent = copy;
  }
  return settleTraced(span, histograms, metricAttributes, start, withSpan, () => send(sent));
}

/**
 * The params of the notifications a request's handler sent through its traced `sendNotification`:
 * the server's notification middleware passes them on without a second span.
 */
export const tracedByTheirRequest = new WeakSet<object>();

/** 2026-07-28 and later: a handler's input requests are answered in the result, not sent. */
function isStatelessRevision(version: string | undefined): boolean {
  return version !== undefined && version >= '2026-07-28';
}

/**
 * Wraps what a handler sends its client while one request runs (its request context's
 * `requestInput` and `sendNotification`, which the server's middleware may replace for the
 * request), so each message gets its CLIENT span. Under 2026-07-28 input requests are answered
 * inside the result (no message), so only notifications are traced there.
 */
export function traceWhatTheHandlerSends(
  request: OutgoingRequestContext,
  tracing: SenderTracing,
  facts: SenderFacts,
): void {
  const requestInput = request.requestInput;
  if (typeof requestInput === 'function' && !isStatelessRevision(facts.protocolVersion)) {
    request.requestInput = (input, options) =>
      sendTraced(tracing, facts, input.method, input.params, (params) =>
        requestInput.call(request, { ...input, params }, options),
      );
  }
  const sendNotification = request.sendNotification;
  if (tracing.notifications && typeof sendNotification === 'function') {
    request.sendNotification = (method, params) =>
      sendTraced(tracing, facts, method, params, (sent) => {
        const traced = sent ?? {};
        tracedByTheirRequest.add(traced);
        return sendNotification.call(request, method, traced);
      });
  }
}
