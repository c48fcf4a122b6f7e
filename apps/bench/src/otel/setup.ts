import { context, type TextMapPropagator } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';

// The OpenTelemetry SDK as the "otel on" rows set it up in every process that records spans:
// a batch span processor into an in-memory exporter, W3C Trace Context, and the async-local-storage
// context manager a Node application registers (NodeSDK does) so that a span stays active across
// awaits. No meter provider: the histograms go to the API's no-op meter, so "otel on" and the bare
// SDK floor (otel-floor.ts) pay for the same spans and nothing else.

export interface BenchTelemetry {
  tracerProvider: BasicTracerProvider;
  propagator: TextMapPropagator;
}

let telemetry: BenchTelemetry | undefined;
let withoutContextManager = false;

function sdkSetup(): BenchTelemetry {
  return {
    tracerProvider: new BasicTracerProvider({
      spanProcessors: [new BatchSpanProcessor(new InMemorySpanExporter())],
    }),
    propagator: new W3CTraceContextPropagator(),
  };
}

/** The process's one SDK setup (the context manager is global). */
export function benchTelemetry(): BenchTelemetry {
  if (withoutContextManager)
    throw new Error('benchTelemetry: this process set the SDK up without a context manager');
  if (telemetry !== undefined) return telemetry;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  telemetry = sdkSetup();
  return telemetry;
}

/**
 * The same SDK setup with no context manager registered (the API's no-op one: `context.with` just
 * calls its function, `context.active()` is the root context), for the HTTP floor's variant that
 * sizes what the context manager alone costs. Spans then get their parents explicitly.
 */
export function benchTelemetryWithoutContextManager(): BenchTelemetry {
  if (telemetry !== undefined && !withoutContextManager)
    throw new Error('benchTelemetryWithoutContextManager: this process registered the context manager');
  withoutContextManager = true;
  telemetry ??= sdkSetup();
  return telemetry;
}

/** Whether a server script was started with `--otel`. */
export function otelArg(argv: string[]): boolean {
  return argv.includes('--otel');
}
