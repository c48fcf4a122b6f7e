// The receiver's side of a message the server's middleware chain does not wrap: a request the
// server sends its client (sampling, elicitation, roots, ping), traced on the client by the
// conventions as a SERVER span ("reported by the receiver") whose parent is the trace context in
// the message's `params._meta`, and a point of `mcp.server.operation.duration` (observed on the
// receiver until the answer is sent).
import { type Attributes, context as contextApi, SpanKind, type Tracer, trace } from '@opentelemetry/api';
import { addSpanOnlyAttributes, describeOperation } from './conventions.js';
import { type McpHistograms, nowSeconds } from './metrics.js';
import { type McpPropagator, metaOf, serverParent } from './propagation.js';
import { ATTR_JSONRPC_REQUEST_ID, ATTR_MCP_PROTOCOL_VERSION, ATTR_MCP_SESSION_ID } from './semconv.js';
import { settleTraced } from './settle.js';
import type { JsonObjectLike } from './types.js';

/** What tracing a receiver needs, made once per instrumented client. */
export interface ReceiverTracing {
  readonly tracer: Tracer;
  readonly propagator: McpPropagator;
  /** The receiver's histograms: `mcp.server.operation.duration`. */
  readonly histograms: McpHistograms;
  readonly uriInName: boolean;
}

/** One received message and the facts of its session. */
export interface ReceivedMessage {
  readonly method: string;
  readonly params: JsonObjectLike | undefined;
  readonly protocolVersion: string | undefined;
  readonly sessionId: string | undefined;
  /** The request's JSON-RPC id; none for a notification. */
  readonly requestId: string | number | undefined;
  readonly network: Attributes | undefined;
}

/**
 * Handles one received message under a SERVER span, active while `handle` runs (so the handler's
 * spans are its children); the span ends when what `handle` returned settles.
 */
export function receiveTraced<T>(
  tracing: ReceiverTracing,
  message: ReceivedMessage,
  handle: () => Promise<T>,
): Promise<T> {
  const histograms = tracing.histograms;
  const { method, params } = message;
  const operation = describeOperation(method, params, tracing.uriInName);
  const attributes = operation.attributes;
  if (message.protocolVersion !== undefined) attributes[ATTR_MCP_PROTOCOL_VERSION] = message.protocolVersion;
  if (message.network !== undefined) Object.assign(attributes, message.network);
  const metricAttributes = histograms.recording ? { ...attributes } : undefined;
  const start = metricAttributes === undefined ? 0 : nowSeconds();
  addSpanOnlyAttributes(attributes, operation, method, params, false);
  if (message.sessionId !== undefined) attributes[ATTR_MCP_SESSION_ID] = message.sessionId;
  if (message.requestId !== undefined) attributes[ATTR_JSONRPC_REQUEST_ID] = String(message.requestId);

  const ambient = contextApi.active();
  const parent = serverParent(ambient, metaOf(params), undefined, tracing.propagator);
  const span = tracing.tracer.startSpan(
    operation.name,
    { kind: SpanKind.SERVER, attributes },
    parent.context,
  );
  return settleTraced(span, histograms, metricAttributes, start, trace.setSpan(parent.context, span), handle);
}
