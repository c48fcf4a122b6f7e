import type { Transport } from '@mcpkit/jsonrpc';
import { type JSONRPCMessage, Method } from '@mcpkit/protocol';
import { HttpTransportError } from './errors.js';
import { SseClientTransport, type SseClientTransportOptions } from './sse-legacy.js';
import { StreamableHttpClientTransport } from './streamable-http.js';
import type { HttpSendOptions, StreamableHttpClientTransportOptions } from './streamable-http-options.js';

export interface FallbackHttpClientTransportOptions
  extends StreamableHttpClientTransportOptions,
    Pick<SseClientTransportOptions, 'endpointTimeoutMs'> {
  /** Where the legacy server's SSE stream lives, when it differs from the Streamable HTTP URL. */
  legacySseUrl?: string | URL;
}

/** Which transport a FallbackHttpClientTransport ended up using. */
export type HttpTransportMode = 'pending' | 'streamable-http' | 'legacy-sse';

/** Answers to the first POST that mean "not a Streamable HTTP server" (spec: backwards compatibility). */
const LEGACY_STATUSES = new Set([400, 404, 405]);

/**
 * Speaks Streamable HTTP, and falls back to the legacy HTTP+SSE transport when the server answers
 * the `initialize` POST with 400, 404 or 405: it then opens the legacy SSE stream and re-sends
 * `initialize` there. The switch is invisible to the peer above.
 */
export class FallbackHttpClientTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private current: HttpTransportMode = 'pending';
  private readonly streamable: StreamableHttpClientTransport;
  private legacy: SseClientTransport | undefined;
  private heldErrors: Error[] | undefined;
  private closeNotified = false;

  constructor(
    readonly url: string | URL,
    private readonly options: FallbackHttpClientTransportOptions = {},
  ) {
    this.streamable = new StreamableHttpClientTransport(url, options);
    this.wire(this.streamable);
  }

  get mode(): HttpTransportMode {
    return this.current;
  }

  get sessionId(): string | undefined {
    return this.active().sessionId;
  }

  setProtocolVersion(version: string): void {
    this.streamable.setProtocolVersion(version);
    this.legacy?.setProtocolVersion(version);
  }

  start(): Promise<void> {
    return this.streamable.start();
  }

  async send(message: JSONRPCMessage, options?: HttpSendOptions): Promise<void> {
    const isInitialize = 'method' in message && 'id' in message && message.method === Method.Initialize;
    if (this.current !== 'pending' || !isInitialize) return this.active().send(message, options);
    // Hold errors back while probing: a 4xx here is an answer, not a failure, if the fallback works.
    const held: Error[] = [];
    this.heldErrors = held;
    try {
      await this.streamable.send(message, options);
      this.current = 'streamable-http';
    } catch (error) {
      const status =
        error instanceof HttpTransportError && error.code === 'HTTP_STATUS' ? error.status : undefined;
      if (status === undefined || !LEGACY_STATUSES.has(status)) throw error;
      this.heldErrors = undefined;
      const probeError = held.indexOf(error as Error);
      if (probeError >= 0) held.splice(probeError, 1);
      await this.switchToLegacy(error as HttpTransportError, status);
      await this.active().send(message, options);
      return;
    } finally {
      if (this.heldErrors === held) this.heldErrors = undefined;
      for (const error of held) this.onerror?.(error);
    }
  }

  async close(): Promise<void> {
    await this.active().close();
    if (this.legacy) await this.streamable.close();
  }

  private async switchToLegacy(cause: HttpTransportError, status: number): Promise<void> {
    const legacy = new SseClientTransport(this.options.legacySseUrl ?? this.url, this.options);
    const version = this.streamable.protocolVersion;
    if (version !== undefined) legacy.setProtocolVersion(version);
    try {
      await legacy.start();
    } catch (error) {
      const failure = new HttpTransportError(
        'LEGACY_ENDPOINT',
        `${cause.message}; it is not a Streamable HTTP server, and the legacy HTTP+SSE fallback failed too: ${(error as Error).message}`,
        { status, url: String(this.url), method: 'POST', cause: error },
      );
      this.onerror?.(failure);
      throw failure;
    }
    this.legacy = legacy;
    this.current = 'legacy-sse';
    this.wire(legacy);
  }

  private active(): StreamableHttpClientTransport | SseClientTransport {
    return this.legacy ?? this.streamable;
  }

  private wire(transport: Transport): void {
    transport.onmessage = (message, extra) => this.onmessage?.(message, extra);
    transport.onerror = (error) => {
      if (this.heldErrors) this.heldErrors.push(error);
      else this.onerror?.(error);
    };
    transport.onclose = () => {
      if (transport !== this.active() || this.closeNotified) return;
      this.closeNotified = true;
      this.onclose?.();
    };
  }
}
