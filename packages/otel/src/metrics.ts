// The four MCP histograms (docs/gen-ai/mcp.md, "Metrics"): operation and session durations on each side,
// in seconds, with the bucket boundaries the conventions advise.
import {
  type Attributes,
  createNoopMeter,
  type Histogram,
  type MeterProvider,
  metrics,
} from '@opentelemetry/api';
import { INSTRUMENTATION_NAME } from './scope.js';
import {
  ATTR_ERROR_TYPE,
  ATTR_MCP_PROTOCOL_VERSION,
  MCP_DURATION_BUCKETS,
  METRIC_MCP_CLIENT_OPERATION_DURATION,
  METRIC_MCP_CLIENT_SESSION_DURATION,
  METRIC_MCP_SERVER_OPERATION_DURATION,
  METRIC_MCP_SERVER_SESSION_DURATION,
} from './semconv.js';

/** Which side of the conversation records. */
export type Side = 'server' | 'client';

const DESCRIPTIONS = {
  server: {
    operation: [
      METRIC_MCP_SERVER_OPERATION_DURATION,
      'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
    ],
    session: [
      METRIC_MCP_SERVER_SESSION_DURATION,
      'The duration of the MCP session as observed on the MCP server.',
    ],
  },
  client: {
    operation: [
      METRIC_MCP_CLIENT_OPERATION_DURATION,
      'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
    ],
    session: [
      METRIC_MCP_CLIENT_SESSION_DURATION,
      'The duration of the MCP session as observed on the MCP client.',
    ],
  },
} as const;

/** What the API's no-op meter (no meter provider registered) gives for every histogram: one object. */
const NOOP_HISTOGRAM = createNoopMeter().createHistogram('mcp.noop');

/** Seconds on a monotonic clock (`performance` exists on Node, Deno, Bun, Workers and browsers). */
export function nowSeconds(): number {
  return performance.now() / 1000;
}

/**
 * One side's two histograms, created at first use: the global meter provider has no proxy (unlike
 * the tracer provider), so a provider registered after `instrumentServer` is still found.
 */
export class McpHistograms {
  readonly #side: Side;
  readonly #provider: MeterProvider | undefined;
  #operation: Histogram | undefined;
  #session: Histogram | undefined;
  #recording = false;

  constructor(side: Side, provider: MeterProvider | undefined) {
    this.#side = side;
    this.#provider = provider;
  }

  /** `mcp.{side}.operation.duration`. */
  get operation(): Histogram {
    if (this.#operation === undefined) this.#create();
    return this.#operation!;
  }

  /**
   * Whether the operation histogram records anything: false when it is the API's no-op (no meter
   * provider), so a request spends nothing on its clock readings and attributes.
   */
  get recording(): boolean {
    if (this.#operation === undefined) this.#create();
    return this.#recording;
  }

  /** `mcp.{side}.session.duration`. */
  get session(): Histogram {
    if (this.#session === undefined) this.#create();
    return this.#session!;
  }

  #create(): void {
    const meter = (this.#provider ?? metrics.getMeterProvider()).getMeter(INSTRUMENTATION_NAME);
    const advice = { explicitBucketBoundaries: [...MCP_DURATION_BUCKETS] };
    const [operationName, operationDescription] = DESCRIPTIONS[this.#side].operation;
    const [sessionName, sessionDescription] = DESCRIPTIONS[this.#side].session;
    this.#operation = meter.createHistogram(operationName, {
      unit: 's',
      description: operationDescription,
      advice,
    });
    this.#recording = this.#operation !== NOOP_HISTOGRAM;
    this.#session = meter.createHistogram(sessionName, {
      unit: 's',
      description: sessionDescription,
      advice,
    });
  }
}

interface OpenSession {
  readonly start: number;
  readonly attributes: Attributes;
}

/**
 * Open sessions, by id, from their `open` event to their `close` event, which records the session
 * histogram. Sessions without an id (stdio) pair up in order: the first to open is the first closed.
 */
export class SessionDurations {
  readonly #histograms: McpHistograms;
  readonly #clock: () => number;
  readonly #open = new Map<string, OpenSession[]>();

  constructor(histograms: McpHistograms, clock: () => number = nowSeconds) {
    this.#histograms = histograms;
    this.#clock = clock;
  }

  /** Starts timing a session with the attributes its histogram point will carry. */
  open(sessionId: string | undefined, attributes: Attributes): void {
    const key = sessionId ?? '';
    const list = this.#open.get(key);
    const entry = { start: this.#clock(), attributes };
    if (list === undefined) this.#open.set(key, [entry]);
    else list.push(entry);
  }

  /** The attributes a session opened with (the server reads its transport per request). */
  attributesOf(sessionId: string): Attributes | undefined {
    return this.#open.get(sessionId)?.[0]?.attributes;
  }

  /** Records a closed session's duration; `error` (the session's failure) sets `error.type`. */
  close(sessionId: string | undefined, protocolVersion: string, error: Error | undefined): void {
    const key = sessionId ?? '';
    const list = this.#open.get(key);
    const entry = list?.shift();
    if (list !== undefined && list.length === 0) this.#open.delete(key);
    if (entry === undefined) return; // opened before instrumenting: no start to measure from
    const attributes: Attributes = { ...entry.attributes };
    if (attributes[ATTR_MCP_PROTOCOL_VERSION] === undefined && protocolVersion !== '')
      attributes[ATTR_MCP_PROTOCOL_VERSION] = protocolVersion;
    if (error !== undefined) attributes[ATTR_ERROR_TYPE] = sessionErrorType(error);
    this.#histograms.session.record(this.#clock() - entry.start, attributes);
  }
}

/** A session failure's `error.type`: its string or numeric `code` when it has one, else its class name. */
function sessionErrorType(error: Error): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.length > 0) return code;
  if (typeof code === 'number') return String(code);
  return error.name || '_OTHER';
}
