/** Every MCP protocol revision mcpkit speaks, oldest first. */
export const PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;
/** A protocol revision this SDK speaks, e.g. `"2025-11-25"`. */
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The newest revision that uses the stateful `initialize` handshake. */
export const LATEST_STATEFUL_PROTOCOL_VERSION = '2025-11-25' satisfies ProtocolVersion;
/** The newest revision: stateless, negotiated per request through `_meta`. */
export const LATEST_PROTOCOL_VERSION = '2026-07-28' satisfies ProtocolVersion;
/** Versions negotiated through `initialize` (the stateful era). */
export const STATEFUL_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
/** Versions that carry everything per request in `_meta` (the stateless era). */
export const STATELESS_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/** True when `version` is a protocol revision this SDK speaks. */
export function isSupportedProtocolVersion(version: unknown): version is ProtocolVersion {
  return typeof version === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/**
 * True for revisions without the `initialize` handshake (2026-07-28 and later), where each request
 * carries its own version.
 */
export function isStatelessProtocolVersion(version: string): boolean {
  return (STATELESS_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** The JSON-RPC version every message carries in `jsonrpc`. */
export const JSONRPC_VERSION = '2.0';

/** JSON-RPC and MCP error codes, one table for the whole SDK. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2025-11-25 and older: resource not found (SEP-2164 moves this to -32602; clients accept both). */
  ResourceNotFound: -32002,
  /** 2025-11-25: the server needs the client to complete a URL-mode elicitation first. */
  UrlElicitationRequired: -32042,
  /** 2026-07-28: an HTTP header disagrees with the body (SEP-2243). */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability it did not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the requested protocol version is not supported by the server. */
  UnsupportedProtocolVersion: -32022,
  /** mcpkit: a request was cancelled or timed out before a response arrived (never sent on the wire). */
  RequestTimeout: -32001,
  /** mcpkit: the transport closed before a response arrived (never sent on the wire). */
  ConnectionClosed: -32000,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** `_meta` keys of the 2026-07-28 revision. */
export const MetaKey = {
  ProtocolVersion: 'io.modelcontextprotocol/protocolVersion',
  ClientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  ClientInfo: 'io.modelcontextprotocol/clientInfo',
  LogLevel: 'io.modelcontextprotocol/logLevel',
  ServerInfo: 'io.modelcontextprotocol/serverInfo',
  SubscriptionId: 'io.modelcontextprotocol/subscriptionId',
  RelatedTask: 'io.modelcontextprotocol/related-task',
} as const;

/** HTTP header names used by the Streamable HTTP transport. */
export const HttpHeader = {
  SessionId: 'mcp-session-id',
  ProtocolVersion: 'mcp-protocol-version',
  LastEventId: 'last-event-id',
  Method: 'mcp-method',
  Name: 'mcp-name',
  ParamPrefix: 'mcp-param-',
} as const;

/** Method names of every revision. */
export const Method = {
  Initialize: 'initialize',
  Ping: 'ping',
  ServerDiscover: 'server/discover',
  ToolsList: 'tools/list',
  ToolsCall: 'tools/call',
  ResourcesList: 'resources/list',
  ResourcesTemplatesList: 'resources/templates/list',
  ResourcesRead: 'resources/read',
  ResourcesSubscribe: 'resources/subscribe',
  ResourcesUnsubscribe: 'resources/unsubscribe',
  PromptsList: 'prompts/list',
  PromptsGet: 'prompts/get',
  CompletionComplete: 'completion/complete',
  LoggingSetLevel: 'logging/setLevel',
  SamplingCreateMessage: 'sampling/createMessage',
  ElicitationCreate: 'elicitation/create',
  RootsList: 'roots/list',
  SubscriptionsListen: 'subscriptions/listen',
  TasksGet: 'tasks/get',
  TasksResult: 'tasks/result',
  TasksList: 'tasks/list',
  TasksCancel: 'tasks/cancel',
} as const;

/** The method names of every MCP notification, by name (e.g. `Notification.ToolsListChanged`). */
export const Notification = {
  Initialized: 'notifications/initialized',
  Cancelled: 'notifications/cancelled',
  Progress: 'notifications/progress',
  Message: 'notifications/message',
  ResourcesUpdated: 'notifications/resources/updated',
  ResourcesListChanged: 'notifications/resources/list_changed',
  ToolsListChanged: 'notifications/tools/list_changed',
  PromptsListChanged: 'notifications/prompts/list_changed',
  RootsListChanged: 'notifications/roots/list_changed',
  ElicitationComplete: 'notifications/elicitation/complete',
  SubscriptionsAcknowledged: 'notifications/subscriptions/acknowledged',
  TasksStatus: 'notifications/tasks/status',
} as const;

/** The `resultType` values of 2026-07-28 results (results of older servers omit it: read as "complete"). */
export const RESULT_TYPES = ['complete', 'input_required'] as const;

/** The syslog severities of MCP logging, least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
/**
 * The severity of a log message. These map to syslog message severities, as specified in RFC-5424:
 * https://datatracker.ietf.org/doc/html/rfc5424#section-6.2.1.
 */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];
