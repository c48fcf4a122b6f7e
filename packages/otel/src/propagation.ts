// Trace context in MCP messages (docs/gen-ai/mcp.md, "Context propagation"): the client injects it into
// the request's `params._meta` (W3C Trace Context gives `traceparent` and `tracestate`, W3C Baggage
// `baggage`), the server extracts it from there, and over HTTP from the request's headers when `_meta`
// carries none. Everything goes through a propagator, so whichever one the application configured works.
import {
  type Context,
  context as contextApi,
  propagation,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import type { HeaderLookup, JsonObjectLike } from './types.js';

/** The part of a propagator the instrumentation uses (the global `propagation` API fits too). */
export type McpPropagator = Pick<TextMapPropagator, 'inject' | 'extract'>;

const metaGetter: TextMapGetter<JsonObjectLike | undefined> = {
  keys: (carrier) => (carrier === undefined ? [] : Object.keys(carrier)),
  get(carrier, key) {
    const value = carrier?.[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const headerGetter: TextMapGetter<HeaderLookup> = {
  // Propagators that enumerate keys (rare) cannot through a bare `get`; W3C and B3 only `get`.
  keys: () => [],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** A request's `params._meta` when it is an object (what the propagator reads), else undefined. */
export function metaOf(params: JsonObjectLike | undefined): JsonObjectLike | undefined {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? (meta as JsonObjectLike)
    : undefined;
}

/** Collects what a propagator injects, so nothing is copied when it injects nothing. */
interface InjectedFields {
  fields: Record<string, string> | undefined;
}

const injectedSetter: TextMapSetter<InjectedFields> = {
  set(carrier, key, value) {
    if (carrier.fields === undefined) carrier.fields = {};
    carrier.fields[key] = value;
  },
};

/**
 * `meta` with the trace context of `ctx` (default: the active context) added by the propagator
 * (default: the global one), as a new object; `meta` itself is left as it is. Returns `meta`
 * unchanged when the propagator injects nothing (no span, or a no-op propagator).
 */
export function injectTraceContextIntoMeta(
  meta: JsonObjectLike | undefined,
  ctx: Context = contextApi.active(),
  propagator: McpPropagator = propagation,
): JsonObjectLike | undefined {
  const carrier: InjectedFields = { fields: undefined };
  propagator.inject(ctx, carrier, injectedSetter);
  if (carrier.fields === undefined) return meta;
  // Spread, then assign: two spreads in one literal take V8's slow path.
  return meta === undefined ? carrier.fields : Object.assign({ ...meta }, carrier.fields);
}

/**
 * The context a request's `_meta` carries, extracted onto `ctx` (default: the active context) by the
 * propagator (default: the global one). Without trace fields in `_meta` the result has `ctx`'s span.
 */
export function extractTraceContextFromMeta(
  meta: JsonObjectLike | undefined,
  ctx: Context = contextApi.active(),
  propagator: McpPropagator = propagation,
): Context {
  return propagator.extract(ctx, meta, metaGetter);
}

/** Where a server span's parent came from. */
export interface ServerParent {
  readonly context: Context;
  /** True when the parent came from the message (`_meta` or HTTP headers), not the ambient context. */
  readonly remote: boolean;
}

/**
 * The parent of a server span: the context in `_meta`; failing that, over HTTP, the context in the
 * request's headers (read only then: the node adapter builds its `Headers` on first read); failing
 * that, the ambient context.
 */
export function serverParent(
  ambient: Context,
  meta: JsonObjectLike | undefined,
  headers: (() => HeaderLookup | undefined) | undefined,
  propagator: McpPropagator,
): ServerParent {
  const ambientSpan = trace.getSpan(ambient);
  // Extracted onto the ambient context even without a span in it, so `baggage` in `_meta` is kept.
  const fromMeta = meta === undefined ? ambient : propagator.extract(ambient, meta, metaGetter);
  if (trace.getSpan(fromMeta) !== ambientSpan) return { context: fromMeta, remote: true };
  const lookup = headers?.();
  if (lookup !== undefined) {
    const fromHeaders = propagator.extract(fromMeta, lookup, headerGetter);
    if (trace.getSpan(fromHeaders) !== ambientSpan) return { context: fromHeaders, remote: true };
  }
  return { context: fromMeta, remote: false };
}
