// How a span made around a sent or received message ends: when what the traced work returned settles.
import { type Attributes, type Context, context as contextApi, type Span } from '@opentelemetry/api';
import { failureOf, recordFailure } from './conventions.js';
import { type McpHistograms, nowSeconds } from './metrics.js';

/**
 * Runs `run` with `active` as the active context, then ends `span` and records its duration point
 * (`metricAttributes` undefined: no meter provider records it) when what `run` returned settles; a
 * throw or rejection marks the span failed and is passed on.
 */
export function settleTraced<T>(
  span: Span,
  histograms: McpHistograms,
  metricAttributes: Attributes | undefined,
  start: number,
  active: Context,
  run: () => Promise<T>,
): Promise<T> {
  const finish = (): void => {
    span.end();
    if (metricAttributes !== undefined) histograms.operation.record(nowSeconds() - start, metricAttributes);
  };
  let outcome: Promise<T>;
  try {
    outcome = contextApi.with(active, run);
  } catch (error) {
    outcome = Promise.reject(error);
  }
  return outcome.then(
    (value) => {
      finish();
      return value;
    },
    (error: unknown) => {
      recordFailure(span, metricAttributes, failureOf(error));
      finish();
      throw error;
    },
  );
}
