// The wire names of MCP Apps (SEP-1865, specification 2026-01-26): the `ui/*` methods an app and its
// host exchange over postMessage, and the `_meta` keys servers write. Plain strings, so an app bundle
// pays a few bytes for them and nothing else.

/** The MCP Apps specification revision this package speaks in `ui/initialize`. */
export const UI_PROTOCOL_VERSION = '2026-01-26';

/** The MCP Apps revisions this package accepts from the other side of `ui/initialize`. */
export const UI_PROTOCOL_VERSIONS: readonly string[] = [UI_PROTOCOL_VERSION];

/** The `ui/*` methods of MCP Apps, by role. Requests expect a result; notifications do not. */
export const UiMethod = {
  /** Request, app → host: the handshake. Params `UiInitializeParams`, result `UiInitializeResult`. */
  Initialize: 'ui/initialize',
  /** Notification, app → host: the app processed the `ui/initialize` result and is ready. */
  Initialized: 'ui/notifications/initialized',
  /** Notification, host → app: the complete arguments of the tool call the app belongs to. */
  ToolInput: 'ui/notifications/tool-input',
  /** Notification, host → app: arguments so far, while the model is still streaming them. */
  ToolInputPartial: 'ui/notifications/tool-input-partial',
  /** Notification, host → app: the tool call's result (a `CallToolResult`). */
  ToolResult: 'ui/notifications/tool-result',
  /** Notification, host → app: the tool call was cancelled (by the user, the host, or a failure). */
  ToolCancelled: 'ui/notifications/tool-cancelled',
  /** Notification, host → app: some host context fields changed (the params hold only those). */
  HostContextChanged: 'ui/notifications/host-context-changed',
  /** Notification, app → host: the app's content size changed. */
  SizeChanged: 'ui/notifications/size-changed',
  /** Request, app → host: add a message to the conversation. */
  Message: 'ui/message',
  /** Request, app → host: open a URL in the user's browser. */
  OpenLink: 'ui/open-link',
  /** Request, app → host: let the user download files. */
  DownloadFile: 'ui/download-file',
  /** Request, app → host: replace what the model will see of this app at its next turn. */
  UpdateModelContext: 'ui/update-model-context',
  /** Request, app → host: ask for another display mode; the result names the mode now in force. */
  RequestDisplayMode: 'ui/request-display-mode',
  /** Request, host → app: the view is about to be torn down; answer once state is saved. */
  ResourceTeardown: 'ui/resource-teardown',
  /** Notification, app → host: the app asks to be closed. */
  RequestTeardown: 'ui/notifications/request-teardown',
  /** Notification, sandbox proxy → host (web hosts): the proxy iframe is ready for the app's HTML. */
  SandboxProxyReady: 'ui/notifications/sandbox-proxy-ready',
  /** Notification, host → sandbox proxy (web hosts): the app's HTML and sandbox settings. */
  SandboxResourceReady: 'ui/notifications/sandbox-resource-ready',
} as const;

/** One of the `ui/*` method names. */
export type UiMethodName = (typeof UiMethod)[keyof typeof UiMethod];

/**
 * The standard MCP requests an app may send to its host, which forwards them to the server (when
 * the host declared the matching capability): calling and listing tools, reading resources, prompts,
 * ping. Anything else an app sends must be a `ui/*` method.
 */
export const APP_FORWARDED_REQUESTS: readonly string[] = [
  'tools/call',
  'tools/list',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'ping',
];

/** The `_meta` key of a tool (and of a resource or content item) holding its MCP Apps metadata. */
export const UI_META_KEY = 'ui';

/**
 * The flat `_meta` key older servers used for a tool's UI resource URI (`_meta["ui/resourceUri"]`).
 * Deprecated by the specification in favour of `_meta.ui.resourceUri`; servers write both so older
 * hosts still find the UI, hosts read the nested form first.
 */
export const LEGACY_RESOURCE_URI_META_KEY = 'ui/resourceUri';

/** The URI scheme of UI resources. */
export const UI_RESOURCE_URI_SCHEME = 'ui:';
