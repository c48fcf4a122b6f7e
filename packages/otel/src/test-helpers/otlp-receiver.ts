// A small OTLP/HTTP trace receiver on 127.0.0.1: it accepts what @opentelemetry/exporter-trace-otlp-http
// posts to /v1/traces (OTLP's JSON encoding) and decodes the spans, so a test can assert on what went
// over the wire rather than on the SDK's in-memory objects.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/JSON carries it, with attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  scope: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

interface OtlpRequest {
  resourceSpans: {
    scopeSpans: {
      scope?: { name?: string };
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: { key: string; value: OtlpValue }[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
}

function plain(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  throw new Error(`unexpected OTLP attribute value ${JSON.stringify(value)}`);
}

function decode(body: OtlpRequest): ReceivedSpan[] {
  return body.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, plain(a.value)])),
        status: {
          code: span.status?.code ?? 0,
          ...(span.status?.message ? { message: span.status.message } : {}),
        },
        scope: scope.scope?.name ?? '',
      })),
    ),
  );
}

export interface OtlpReceiver {
  /** The traces endpoint, e.g. http://127.0.0.1:4318/v1/traces. */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  /** Content types of the posts received (the exporter's encoding). */
  readonly contentTypes: string[];
  /** Resolves once `count` spans have arrived (bounded by the test's timeout). */
  waitForSpans(count: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const waiters: { count: number; resolve: (spans: ReceivedSpan[]) => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      contentTypes.push(request.headers['content-type'] ?? '');
      spans.push(...decode(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const waiter of waiters.filter((w) => spans.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(spans);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    contentTypes,
    waitForSpans: (count) =>
      spans.length >= count
        ? Promise.resolve(spans)
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
