// Options shared by instrumentServer and instrumentClient, and what they resolve to.
import type { Attributes, MeterProvider, TracerProvider } from '@opentelemetry/api';
import type { McpPropagator } from './propagation.js';
import {
  ATTR_NETWORK_PROTOCOL_NAME,
  ATTR_NETWORK_TRANSPORT,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  NETWORK_TRANSPORT_VALUE_PIPE,
  NETWORK_TRANSPORT_VALUE_TCP,
} from './semconv.js';

/** Options of `instrumentServer` and `instrumentClient`. */
export interface McpTelemetryOptions {
  /** Where spans go. Default: the global tracer provider (`trace.setGlobalTracerProvider`). */
  tracerProvider?: TracerProvider;
  /**
   * Where the duration histograms go. Default: the global meter provider, looked up at the first
   * request (so it may be registered after instrumenting, but before traffic).
   */
  meterProvider?: MeterProvider;
  /**
   * Injects and extracts the trace context in `params._meta` (and HTTP headers on the server).
   * Default: the global propagator (`propagation.setGlobalPropagator`), e.g. W3C Trace Context.
   */
  propagator?: McpPropagator;
  /**
   * The transport, for `network.transport` (`pipe` for stdio, `tcp` for HTTP) and
   * `network.protocol.name` (`http`). A server detects HTTP requests by itself.
   */
  transport?: 'stdio' | 'http';
  /** Opt-in: record a tools/call's arguments as `gen_ai.tool.call.arguments` (may hold sensitive data). */
  captureToolArguments?: boolean;
  /** Opt-in: record a successful tools/call's result as `gen_ai.tool.call.result` (may hold sensitive data). */
  captureToolResult?: boolean;
  /** Opt-in: name resources/read and (un)subscribe spans `{method} {uri}` (high-cardinality names). */
  resourceUriInSpanName?: boolean;
  /**
   * Spans for notifications (progress, log messages, list changes, ...), both sent and received:
   * on by default, as the conventions trace them. `false` leaves them untraced (e.g. when a tool
   * reports progress so often that its spans drown the trace); requests are traced either way.
   */
  traceNotifications?: boolean;
}

/** Options of `instrumentServer`. */
export interface InstrumentServerOptions extends McpTelemetryOptions {}

/** Options of `instrumentClient`. */
export interface InstrumentClientOptions extends McpTelemetryOptions {
  /** The server's Streamable HTTP URL: sets `server.address`, `server.port` and the HTTP transport. */
  serverUrl?: string | URL;
}

const PIPE: Attributes = Object.freeze({ [ATTR_NETWORK_TRANSPORT]: NETWORK_TRANSPORT_VALUE_PIPE });
const HTTP: Attributes = Object.freeze({
  [ATTR_NETWORK_TRANSPORT]: NETWORK_TRANSPORT_VALUE_TCP,
  [ATTR_NETWORK_PROTOCOL_NAME]: 'http',
});

/** `network.*` attributes of HTTP (TCP): the server's attributes for a request that came with headers. */
export const HTTP_NETWORK_ATTRIBUTES = HTTP;

/**
 * The `network.*` attributes of a transport named `stdio`/`pipe` or `http`/`sse`/`tcp` (as options and
 * session events name them); undefined for a transport the conventions have no value for.
 */
export function networkAttributes(transport: string | undefined): Attributes | undefined {
  switch (transport?.toLowerCase()) {
    case 'stdio':
    case 'pipe':
      return PIPE;
    case 'http':
    case 'streamable-http':
    case 'streamable http':
    case 'sse':
    case 'tcp':
      return HTTP;
    default:
      return undefined;
  }
}

/** A client's transport attributes: from `serverUrl` (address, port, HTTP) or `transport`. */
export function clientNetworkAttributes(options: InstrumentClientOptions): Attributes | undefined {
  if (options.serverUrl === undefined) return networkAttributes(options.transport);
  const url = new URL(options.serverUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return Object.freeze({
    ...HTTP,
    [ATTR_SERVER_ADDRESS]: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    [ATTR_SERVER_PORT]: port,
  });
}
