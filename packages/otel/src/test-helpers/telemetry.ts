// The real OpenTelemetry SDK, wired for assertions: spans into an in-memory exporter, histograms into
// a reader the test collects on demand, W3C Trace Context (and Baggage) as the propagator.
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  type DataPoint,
  type Histogram,
  type HistogramMetricData,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A metric reader that only collects when asked (no timer, no exporter). */
class CollectingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

export interface TestTelemetry {
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  readonly propagator: CompositePropagator;
  readonly exporter: InMemorySpanExporter;
  /** Finished spans so far. */
  spans(): ReadableSpan[];
  /** The one finished span of that name (fails when there are none or several). */
  span(name: string): ReadableSpan;
  /** The histogram of that name as collected now, or undefined when nothing was recorded. */
  histogram(name: string): Promise<HistogramMetricData | undefined>;
  shutdown(): Promise<void>;
}

export function testTelemetry(): TestTelemetry {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const propagator = new CompositePropagator({
    propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
  });
  return {
    tracerProvider,
    meterProvider,
    propagator,
    exporter,
    spans: () => exporter.getFinishedSpans(),
    span(name) {
      const found = exporter.getFinishedSpans().filter((span) => span.name === name);
      if (found.length !== 1) {
        const names = exporter.getFinishedSpans().map((span) => span.name);
        throw new Error(
          `expected one span named "${name}", found ${found.length} among [${names.join(', ')}]`,
        );
      }
      return found[0]!;
    },
    async histogram(name) {
      const { resourceMetrics, errors } = await reader.collect();
      if (errors.length > 0) throw new Error(`metric collection failed: ${errors.join('; ')}`);
      for (const scope of resourceMetrics.scopeMetrics) {
        for (const metric of scope.metrics) {
          if (metric.descriptor.name === name) return metric as HistogramMetricData;
        }
      }
      return undefined;
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

/** The data points of a histogram, as plain attributes and counts (for `toEqual`). */
export function points(metric: HistogramMetricData | undefined): { attributes: object; count: number }[] {
  return (metric?.dataPoints ?? []).map((point: DataPoint<Histogram>) => ({
    attributes: point.attributes,
    count: point.value.count,
  }));
}
