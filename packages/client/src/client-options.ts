import type { RequestOptions as PeerRequestOptions } from '@mcpkit/jsonrpc';
import type {
  ClientCapabilities,
  JSONObject,
  LoggingMessageNotificationParams,
  Prompt,
  Resource,
  Root,
  Tool,
} from '@mcpkit/protocol';
import type { ClientTasksExtension } from './extension-tasks.js';
import type { ListChangedHandler } from './list-changed.js';
import type { ClientLogger } from './logger.js';
import type { NegotiationCache } from './negotiation-cache.js';
import type {
  ElicitationHandler,
  ElicitationHandlerOptions,
  RootsHandler,
  SamplingHandler,
} from './server-requests.js';
import type { TaskStatusHandler } from './task-status.js';

/**
 * Options of `McpClient`: capabilities, handlers for server requests and notifications, protocol
 * versions, caches and limits.
 */
export interface McpClientOptions {
  /**
   * Capabilities to declare beyond those implied by the handlers (experimental, extensions,
   * `sampling.tools`, ...). Handlers set through options or setters add their own entries.
   */
  capabilities?: ClientCapabilities;
  /**
   * Declares the 2026-07-28 tasks extension (SEP-2663) and lets callTool await the tasks a server
   * answers with (polling tasks/get, answering questions through tasks/update, tasks/cancel on
   * abort): `tasksExtension: tasksExtension()` from `@mcpkit/client/tasks-extension`.
   */
  tasksExtension?: ClientTasksExtension;
  /**
   * The revision to offer (default 2026-07-28: probe `server/discover` first, on the same
   * connection, and fall back to `initialize` when the server turns out to be a legacy one).
   * Pin a stateful revision (e.g. 2025-11-25) to go straight to `initialize`.
   */
  protocolVersion?: string;
  /**
   * Revisions the client accepts when the server answers with another one (default: every stateful
   * one, plus 2026-07-28 when that is offered).
   */
  supportedProtocolVersions?: readonly string[];
  /**
   * How long the `server/discover` probe waits before trying `initialize`, over transports where a
   * legacy server may ignore the probe (stdio; default 10 000). If `initialize` is then refused,
   * the server is a slow modern one and is probed again. Over HTTP a legacy server always answers,
   * so the probe has the request's own timeout and silence is a timeout error.
   */
  discoverTimeoutMs?: number;
  /**
   * Remembers per server (HTTP URL, or a transport's `serverKey`) that it speaks only the stateful
   * revisions, so later connections skip the probe. Default: one cache shared by the process;
   * `false` probes every time.
   */
  negotiationCache?: NegotiationCache | false;
  /**
   * 2026-07-28: keep list results (`tools/list`, `prompts/list`, `resources/list`, templates) for the
   * `ttlMs` the server gave, until the server says the list changed (default false).
   */
  listCache?: boolean;
  /**
   * Stateful revisions over HTTP: when the server answers 404 for the session (it restarted, or
   * expired the session), initialize a new session on the same transport, restore the resource
   * subscriptions and log level, and send the failed request again, once (default true). A 404 means
   * the server never ran the request, so nothing runs twice. `false` lets SESSION_EXPIRED through.
   */
  renewExpiredSession?: boolean;
  /** 2026-07-28: how many `input_required` rounds one call may take before failing (default 10). */
  maxInputRounds?: number;
  /** Default `timeoutMs` of every request (default 60 000). */
  defaultTimeoutMs?: number;
  /**
   * Fail fast, without a round trip, when a call needs a server capability the server did not
   * declare (default true).
   */
  enforceStrictCapabilities?: boolean;
  /**
   * Check `structuredContent` of tool results against the `outputSchema` the tool declared in the
   * last `tools/list` (default true; calls to tools not yet listed are not checked).
   */
  validateToolOutput?: boolean;
  /** Upper bound on pages the auto-paginating helpers read (default 1 000). */
  maxPages?: number;
  /** Answers `sampling/createMessage`; declares the `sampling` capability. */
  sampling?: SamplingHandler;
  /** Answers `elicitation/create`; declares `elicitation` with the modes it serves. */
  elicitation?: ElicitationHandler | ({ handler: ElicitationHandler } & ElicitationHandlerOptions);
  /** Roots to expose (a fixed list or a function); declares `roots.listChanged`. */
  roots?: Root[] | RootsHandler;
  /** Called for each `notifications/message` log entry. */
  onLogMessage?: LogMessageHandler;
  /** Called for each `notifications/tasks/status` about a task this client created (2025-11-25). */
  onTaskStatus?: TaskStatusHandler;
  /** Called when the server reports a URL-mode elicitation finished (2025-11-25). */
  onElicitationComplete?: (elicitationId: string) => void | Promise<void>;
  /** Reactions to the server's list_changed notifications. */
  listChanged?: ListChangedOptions;
  /** Non-fatal problems: malformed notifications, failing callbacks, transport errors. */
  onerror?: (error: Error) => void;
  /**
   * Receives warnings about what the client tolerated, such as a 2026-07-28 tool left out of
   * `tools/list` because its `x-mcp-header` annotations break SEP-2243. Without a logger those
   * warnings go to `onerror` as McpClientErrors, so they are never silently lost.
   */
  logger?: ClientLogger;
}

/** Receives the server's log messages (`notifications/message`). */
export type LogMessageHandler = (params: LoggingMessageNotificationParams) => void | Promise<void>;

/** Handlers for the server's `list_changed` notifications, by list. */
export interface ListChangedOptions {
  tools?: ListChangedHandler<Tool>;
  prompts?: ListChangedHandler<Prompt>;
  resources?: ListChangedHandler<Resource>;
}

/**
 * Options of one request: abort signal, timeouts, progress (see `@mcpkit/jsonrpc`), and `_meta` to
 * send.
 */
export interface RequestOptions extends PeerRequestOptions {
  /**
   * Sent in the request's `params._meta`, merged over any `_meta` of `params` (these keys win), on
   * every revision; e.g. `{ traceparent }` (SEP-414) or your own keys, namespaced like
   * `com.example/tenant`. The SDK's protocol keys win on conflict: `progressToken` (when `onprogress`
   * is set) and, under 2026-07-28, the `io.modelcontextprotocol/` envelope (protocol version, client
   * capabilities and info, log level). Paginating helpers send it with every page.
   */
  _meta?: JSONObject;
}

/** Options of a `callTool`: the usual request options plus output validation control. */
export interface CallToolOptions extends RequestOptions {
  /** Override the client's `validateToolOutput` for this call. */
  validateOutput?: boolean;
}
