import { McpClient, type McpClientOptions } from '@mcpkit/client';
import type { Transport } from '@mcpkit/jsonrpc';
import type { Prompt, Resource, ResourceTemplate, Tool } from '@mcpkit/protocol';
import {
  FallbackHttpClientTransport,
  SseClientTransport,
  StreamableHttpClientTransport,
} from '@mcpkit/transport-http-client';
import { describeError, GatewayError, GatewayErrorCode } from '../errors.js';
import { type HttpUpstream, isStdioUpstream, type Upstream } from '../options.js';
import { stdioTransportFor } from '../stdio-child.js';
import { ForwardedCalls } from './forwarded-calls.js';
import { ToleratingTransport } from './tolerating-transport.js';

/** How a lost upstream is tried again: delays double from `initialDelayMs` up to `maxDelayMs`. */
export interface RetryOptions {
  /** First delay after a failure (default 500 ms). */
  initialDelayMs?: number;
  /** Longest delay (default 30 000 ms). */
  maxDelayMs?: number;
  /**
   * How often an HTTP upstream is pinged while connected (default 30 000 ms; 0: never). A server
   * that went away tells no one, so without a ping it is only noticed when a request to it fails.
   */
  pingIntervalMs?: number;
}

/** What one upstream offers, as the gateway last read it. */
export interface UpstreamLists {
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  templates: ResourceTemplate[];
}

/** How long a forwarded request may run without an answer or progress (the client's default). */
const DEFAULT_TIMEOUT_MS = 60_000;

const EMPTY: UpstreamLists = { tools: [], prompts: [], resources: [], templates: [] };

/** What an upstream connection tells the aggregator. */
export interface UpstreamHooks {
  /** The upstream came up, or its lists changed (read again). */
  onlists(upstream: UpstreamConnection): void;
  /** The upstream went away; it is retried in `retryInMs`. */
  ondown(upstream: UpstreamConnection, reason: Error, retryInMs: number): void;
  onup(upstream: UpstreamConnection): void;
  onerror(error: Error): void;
  /** Handlers answering the upstream's questions (sampling, elicitation, roots) and its log messages. */
  clientOptions: Pick<McpClientOptions, 'sampling' | 'elicitation' | 'roots' | 'onLogMessage'>;
}

/** Makes the transport of an HTTP upstream. */
function httpTransportFor(upstream: HttpUpstream): Transport {
  const url = new URL(upstream.url);
  const options = {
    ...(upstream.headers === undefined ? {} : { headers: upstream.headers }),
    ...(upstream.auth === undefined ? {} : { auth: upstream.auth }),
  };
  if (upstream.transport === 'sse') return new SseClientTransport(url, options);
  if (upstream.transport === 'streamable') return new StreamableHttpClientTransport(url, options);
  return new FallbackHttpClientTransport(url, options);
}

/**
 * Makes the transport any upstream is reached through. With `onunreadable`, a stdio server's output
 * that is not JSON-RPC goes there instead of to the client (see `ToleratingTransport`).
 */
export function transportFor(
  upstream: Upstream,
  onstderr?: (text: string) => void,
  onunreadable?: (error: Error) => void,
): Transport {
  if (!isStdioUpstream(upstream)) return httpTransportFor(upstream);
  const stdio = stdioTransportFor(upstream, onstderr);
  return onunreadable === undefined ? stdio : new ToleratingTransport(stdio, onunreadable);
}

/**
 * One upstream behind the aggregator: an `McpClient` connected to it, its lists, and the loop that
 * connects it again (with backoff) whenever it goes away. `client` is set only while it is up.
 */
export class UpstreamConnection {
  readonly name: string;
  readonly config: Upstream;
  client: McpClient | undefined;
  /**
   * Requests relayed to this upstream as they are, beside `client` (stdio upstreams: their
   * transport lets the gateway see each message first); set only while it is up.
   */
  forwarded: ForwardedCalls | undefined;
  lists: UpstreamLists = EMPTY;
  #hooks: UpstreamHooks;
  #retry: Required<RetryOptions>;
  #delayMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #stderrTail = '';

  readonly #timeoutMs: number;

  constructor(
    config: Upstream,
    name: string,
    hooks: UpstreamHooks,
    retry: RetryOptions = {},
    requestTimeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.config = config;
    this.#timeoutMs = requestTimeoutMs;
    this.name = name;
    this.#hooks = hooks;
    this.#retry = {
      initialDelayMs: retry.initialDelayMs ?? 500,
      maxDelayMs: retry.maxDelayMs ?? 30_000,
      pingIntervalMs: retry.pingIntervalMs ?? 30_000,
    };
    this.#delayMs = this.#retry.initialDelayMs;
  }

  /** Whether the upstream is connected now. */
  get up(): boolean {
    return this.client !== undefined;
  }

  /** Connects once; a failure schedules the next attempt. Resolves either way. */
  async connect(): Promise<void> {
    if (this.#closed) return;
    const client: McpClient = new McpClient(
      { name: 'mcpkit-gateway', version: '0.0.0' },
      {
        ...this.#hooks.clientOptions,
        listChanged: {
          tools: { autoRefresh: false, onChanged: (): Promise<void> => this.#refresh(client) },
          prompts: { autoRefresh: false, onChanged: (): Promise<void> => this.#refresh(client) },
          resources: { autoRefresh: false, onChanged: (): Promise<void> => this.#refresh(client) },
        },
        onerror: (error) =>
          this.#hooks.onerror(
            new GatewayError(GatewayErrorCode.UpstreamError, `${this.name}: ${error.message}`, {
              cause: error,
            }),
          ),
      },
    );
    const transport = transportFor(
      this.config,
      (text) => {
        this.#stderrTail = (this.#stderrTail + text).slice(-2000);
      },
      (error) =>
        this.#hooks.onerror(
          new GatewayError(
            GatewayErrorCode.UpstreamError,
            `${this.name} printed output that is not JSON-RPC (ignored): ${error.message}`,
            { cause: error },
          ),
        ),
    );
    try {
      await client.connect(transport);
      // Every message the upstream logs comes through; each client's session filters by its own level.
      if (client.serverCapabilities?.logging !== undefined) await client.setLoggingLevel('debug');
      this.lists = await readLists(client);
    } catch (error) {
      await client.close().catch((closeError: unknown) => this.#hooks.onerror(asError(closeError)));
      this.#down(
        new GatewayError(
          GatewayErrorCode.UpstreamUnavailable,
          `${this.name} could not be reached: ${describeError(error)}`,
          { cause: error },
        ),
      );
      return;
    }
    if (this.#closed) {
      await client.close();
      return;
    }
    let forwarded: ForwardedCalls | undefined;
    if (transport instanceof ToleratingTransport) {
      const calls = new ForwardedCalls(transport, this.name, this.#timeoutMs);
      transport.intercept = (message) => calls.take(message);
      transport.interceptText = (text) => calls.takeText(text);
      forwarded = calls;
    }
    // Chained after the client's own onclose (set by connect), which fails its pending requests.
    const clientOnClose = transport.onclose;
    transport.onclose = (reason) => {
      clientOnClose?.(reason);
      forwarded?.closed(reason);
      if (this.client !== client) return;
      this.client = undefined;
      this.forwarded = undefined;
      this.lists = EMPTY;
      this.#down(
        new GatewayError(
          GatewayErrorCode.UpstreamClosed,
          `${this.name} went away: ${reason?.message ?? 'the connection closed'}`,
          { cause: reason },
        ),
      );
    };
    this.client = client;
    this.forwarded = forwarded;
    this.#delayMs = this.#retry.initialDelayMs;
    if (!isStdioUpstream(this.config)) this.#keepPinging(client);
    this.#hooks.onup(this);
    this.#hooks.onlists(this);
  }

  /**
   * A forwarded request failed because the upstream cannot be reached (an HTTP server that went
   * away tells no one until a request fails): drop it and start retrying.
   */
  lost(reason: Error): void {
    const client = this.client;
    if (client === undefined) return;
    this.client = undefined;
    this.forwarded = undefined;
    this.lists = EMPTY;
    void client.close().catch((error: unknown) => this.#hooks.onerror(asError(error)));
    this.#down(
      new GatewayError(GatewayErrorCode.UpstreamClosed, `${this.name} went away: ${reason.message}`, {
        cause: reason,
      }),
    );
  }

  #keepPinging(client: McpClient): void {
    const every = this.#retry.pingIntervalMs;
    if (every <= 0) return;
    const timer = setInterval(() => {
      if (this.client !== client) {
        clearInterval(timer);
        return;
      }
      client.ping({ timeoutMs: every }).catch((error: unknown) => {
        clearInterval(timer);
        if (this.client === client) this.lost(asError(error));
      });
    }, every);
    timer.unref?.();
  }

  /** Stops retrying and closes the connection. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const client = this.client;
    this.client = undefined;
    this.forwarded = undefined;
    await client?.close();
  }

  async #refresh(client: McpClient): Promise<void> {
    if (this.client !== client) return;
    try {
      const lists = await readLists(client);
      if (this.client !== client) return;
      this.lists = lists;
      this.#hooks.onlists(this);
    } catch (error) {
      this.#hooks.onerror(
        new GatewayError(
          GatewayErrorCode.UpstreamError,
          `${this.name}: reading its lists again failed: ${describeError(error)}`,
          { cause: error },
        ),
      );
    }
  }

  #down(reason: Error): void {
    if (this.#closed) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#retry.maxDelayMs);
    this.#hooks.ondown(this, this.#stderrTail === '' ? reason : withStderr(reason, this.#stderrTail), delay);
    this.#stderrTail = '';
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.connect();
    }, delay);
    this.#timer.unref?.();
  }
}

function withStderr(reason: Error, tail: string): Error {
  return reason.message.includes(tail.trim())
    ? reason
    : new GatewayError(GatewayErrorCode.UpstreamClosed, `${reason.message} (stderr: ${tail.trim()})`, {
        cause: reason,
      });
}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

/** Reads every list the server declares. */
async function readLists(client: McpClient): Promise<UpstreamLists> {
  const capabilities = client.serverCapabilities ?? {};
  const [tools, prompts, resources, templates] = await Promise.all([
    capabilities.tools ? client.listAllTools() : [],
    capabilities.prompts ? client.listAllPrompts() : [],
    capabilities.resources ? client.listAllResources() : [],
    capabilities.resources ? client.listAllResourceTemplates() : [],
  ]);
  return { tools, prompts, resources, templates };
}
