// The options and the handle of a mounted app (`mountApp`), kept apart from the code so the
// handlers and the mounting can both import them without importing each other.
import type { McpClient } from '@mcpkit/client';
import type {
  CallToolResult,
  Implementation,
  JSONObject,
  ListToolsResult,
  Tool,
} from '@mcpkit/protocol/essentials';
import type {
  UiAppCapabilities,
  UiDisplayMode,
  UiHostContext,
  UiMessageParams,
  UiResourcePermissions,
  UiUpdateModelContextParams,
} from '../shared/index.js';
import type { AppResource } from './resource.js';

/** Options of `mountApp`. */
export interface MountAppOptions {
  /** The host's connected client to the server that owns the tool; the app's requests are relayed through it. */
  client: McpClient;
  /** The tool whose UI to show, as `tools/list` gave it (its `_meta.ui.resourceUri` names the UI). */
  tool: Tool;
  /** Where the app's iframe goes. */
  container: HTMLElement;
  /**
   * The sandbox proxy page (`sandboxProxyHtml()`, served with the host's origin in `hostOrigins`),
   * on an origin other than the host page's, as SEP-1865 requires of web hosts.
   */
  sandboxUrl: string | URL;
  /** The resource, already read (prefetched or cached); read through `client` when absent. */
  resource?: AppResource;
  /** Sent as `hostInfo` (default `{ name: 'mcpkit-apps-host', version: '0.1.0' }`). */
  hostInfo?: Implementation;
  /**
   * The initial host context (theme, display mode, container dimensions, locale, …); `toolInfo`
   * defaults to `{ tool }` (add the tools/call request's `id` when there is one).
   */
  hostContext?: UiHostContext;
  /** Permissions the host is willing to grant; the app gets those it requested and this allows (default none). */
  grantPermissions?: UiResourcePermissions;
  /** The inner iframe's `sandbox` attribute, sent to the proxy (default: the proxy's own default). */
  appSandbox?: string;
  /** `ui/message`: the app adds a message to the conversation. Without it the request is refused. */
  onMessage?: (params: UiMessageParams) => void | Promise<void>;
  /** `ui/open-link` with an http(s) URL. Without it the request is refused and `openLinks` is not declared. */
  onOpenLink?: (url: string) => void | Promise<void>;
  /** `ui/request-display-mode` for a mode both sides support: returns the mode now in effect. */
  onRequestDisplayMode?: (mode: UiDisplayMode) => UiDisplayMode | Promise<UiDisplayMode>;
  /** `ui/update-model-context`. Without it the request is refused. */
  onUpdateModelContext?: (params: UiUpdateModelContextParams) => void | Promise<void>;
  /** `notifications/message` from the app (logging). */
  onLog?: (params: JSONObject) => void;
  /** `ui/notifications/size-changed`, after the iframe was resized to it. */
  onSizeChange?: (size: { width?: number; height?: number }) => void;
  /** `ui/notifications/request-teardown`: the app asks to be closed (the host decides and calls `teardown`). */
  onRequestTeardown?: () => void;
  /** Refused messages (other origin, not JSON-RPC), refused requests and failed notifications. */
  onError?: (error: Error) => void;
  /** How long the proxy and then the app's handshake may take (default 30 000 ms). */
  readyTimeoutMs?: number;
  /** How long `teardown` waits for the app's answer to `ui/resource-teardown` (default 5 000 ms). */
  teardownTimeoutMs?: number;
}

/** What the app said about itself in `ui/initialize`. */
export interface AppIdentity {
  appInfo?: Implementation;
  appCapabilities: UiAppCapabilities;
  protocolVersion?: string;
}

/** A mounted app: its iframe, the handshake's facts, and the host's side of the conversation. */
export interface MountedApp {
  /** The outer (sandbox proxy) iframe in the container. */
  readonly iframe: HTMLIFrameElement;
  /** The Content-Security-Policy the sandbox applies to the app (for the host's audit log). */
  readonly csp: string;
  /** What the app declared in `ui/initialize`. */
  readonly app: AppIdentity;
  /** The current host context. */
  readonly hostContext: UiHostContext;
  /** `ui/notifications/tool-input`: the complete arguments of the tool call the app shows. */
  sendToolInput(args: Record<string, unknown>): Promise<void>;
  /** `ui/notifications/tool-input-partial`: arguments still being streamed. */
  sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
  /** `ui/notifications/tool-result`: the tool call's result. */
  sendToolResult(result: CallToolResult): Promise<void>;
  /** `ui/notifications/tool-cancelled`. */
  sendToolCancelled(reason?: string): Promise<void>;
  /** Sends the input, calls the tool through the client, sends the result (or the cancellation) and returns it. */
  runTool(args: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<CallToolResult>;
  /** `tools/list` to the app: the tools it offers the host (it declared `appCapabilities.tools`). */
  listAppTools(): Promise<ListToolsResult>;
  /** `tools/call` to the app: runs one of the app's own tools (not the server's). */
  callAppTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  /** Merges `patch` into the host context and sends it as `ui/notifications/host-context-changed`. */
  setHostContext(patch: UiHostContext): Promise<void>;
  /**
   * `ui/resource-teardown` (waiting for the app's answer, bounded), then removes the message
   * listener and the iframe. Idempotent.
   */
  teardown(reason?: string): Promise<void>;
}
