// The shapes of MCP Apps (SEP-1865, 2026-01-26) messages and metadata, as TypeScript types. Field
// names and optionality follow the specification's schema; `[key: string]: unknown` marks the
// objects the specification leaves open for additions.
import type {
  CallToolResult,
  ContentBlock,
  EmbeddedResource,
  Implementation,
  RequestId,
  ResourceLink,
  Tool,
} from '@mcpkit/protocol/essentials';

/** The color theme a host shows. */
export type UiTheme = 'light' | 'dark';

/** How a host shows an app: in the conversation, over the whole window, or picture-in-picture. */
export type UiDisplayMode = 'inline' | 'fullscreen' | 'pip';

/** Every display mode, in the specification's order. */
export const UI_DISPLAY_MODES: readonly UiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** Who may call a tool: the model (it appears in the model's tool list) and/or the app. */
export type UiToolVisibility = 'model' | 'app';

/**
 * Host style variables, as CSS custom property name (`--color-background-primary`, `--font-sans`, …)
 * to value. The specification names the standard keys; a host sends the ones it has.
 */
export type UiStyleVariables = Record<`--${string}`, string | undefined>;

/** The host's styles: CSS variables, and CSS (e.g. `@font-face` rules) to inject. */
export interface UiHostStyles {
  variables?: UiStyleVariables;
  css?: { fonts?: string };
}

/** The limits of the app's container: each axis fixed (`height`) or bounded (`maxHeight`), or free. */
export interface UiContainerDimensions {
  height?: number;
  maxHeight?: number;
  width?: number;
  maxWidth?: number;
}

/** What the host tells the app about its environment, in the `ui/initialize` result and in changes. */
export interface UiHostContext {
  /** The tool call this view belongs to: the request id and the tool definition. */
  toolInfo?: { id?: RequestId; tool: Tool };
  theme?: UiTheme;
  styles?: UiHostStyles;
  displayMode?: UiDisplayMode;
  availableDisplayModes?: UiDisplayMode[];
  containerDimensions?: UiContainerDimensions;
  /** BCP 47 language tag, e.g. `en-US`. */
  locale?: string;
  /** IANA time zone, e.g. `Europe/Paris`. */
  timeZone?: string;
  userAgent?: string;
  platform?: 'web' | 'desktop' | 'mobile';
  deviceCapabilities?: { touch?: boolean; hover?: boolean };
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number };
  [key: string]: unknown;
}

/** The Content Security Policy origins a UI resource asks for (hosts allow none beyond these). */
export interface UiResourceCsp {
  /** Origins the app may reach with fetch/XHR/WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Origins of scripts, styles, images, fonts and media (`script-src`, `style-src`, …). */
  resourceDomains?: string[];
  /** Origins of nested iframes (`frame-src`). */
  frameDomains?: string[];
  /** Allowed document base URIs (`base-uri`). */
  baseUriDomains?: string[];
}

/** Browser permissions a UI resource asks for (the iframe's `allow` attribute). */
export interface UiResourcePermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

/** `_meta.ui` of a UI resource (in `resources/list` and on the `resources/read` content). */
export interface UiResourceMeta {
  csp?: UiResourceCsp;
  permissions?: UiResourcePermissions;
  /** A dedicated origin for the app, in a form the host defines (e.g. a hashed subdomain). */
  domain?: string;
  /** Whether the app would like the host to draw a border and background around it. */
  prefersBorder?: boolean;
}

/** `_meta.ui` of a tool: its UI resource and who may call it (default: model and app). */
export interface UiToolMeta {
  /** The `ui://` resource the host renders for this tool's calls. */
  resourceUri?: string;
  /** Who may call the tool; default `['model', 'app']`. */
  visibility?: UiToolVisibility[];
}

/** Which content block types the host accepts in `ui/message` or `ui/update-model-context`. */
export interface UiContentModalities {
  text?: object;
  image?: object;
  audio?: object;
  resource?: object;
  resourceLink?: object;
  structuredContent?: object;
}

/** What a host can do for an app, in the `ui/initialize` result. */
export interface UiHostCapabilities {
  experimental?: Record<string, object>;
  openLinks?: object;
  downloadFile?: object;
  serverTools?: { listChanged?: boolean };
  serverResources?: { listChanged?: boolean };
  logging?: object;
  sandbox?: { permissions?: UiResourcePermissions; csp?: UiResourceCsp };
  updateModelContext?: UiContentModalities;
  message?: UiContentModalities;
  sampling?: { tools?: object };
}

/** What an app declares in `ui/initialize`. */
export interface UiAppCapabilities {
  experimental?: Record<string, object>;
  /** The app answers `tools/call` / `tools/list` from the host (it offers tools of its own). */
  tools?: { listChanged?: boolean };
  /** The display modes the app can render in. */
  availableDisplayModes?: UiDisplayMode[];
}

/** Params of `ui/initialize`. */
export interface UiInitializeParams {
  appInfo: Implementation;
  appCapabilities: UiAppCapabilities;
  protocolVersion: string;
}

/** Result of `ui/initialize`. */
export interface UiInitializeResult {
  protocolVersion: string;
  hostInfo: Implementation;
  hostCapabilities: UiHostCapabilities;
  hostContext: UiHostContext;
  [key: string]: unknown;
}

/** Params of `ui/notifications/tool-input` and `ui/notifications/tool-input-partial`. */
export interface UiToolInputParams {
  arguments?: Record<string, unknown>;
}

/** Params of `ui/notifications/tool-result`: the tool call's result. */
export type UiToolResultParams = CallToolResult;

/** Params of `ui/notifications/tool-cancelled`. */
export interface UiToolCancelledParams {
  reason?: string;
}

/** Params of `ui/notifications/size-changed`, in CSS pixels. */
export interface UiSizeChangedParams {
  width?: number;
  height?: number;
}

/** Params of `ui/message`: a user-role message for the conversation. */
export interface UiMessageParams {
  role: 'user';
  content: ContentBlock[];
}

/** Params of `ui/open-link`. */
export interface UiOpenLinkParams {
  url: string;
}

/** Params of `ui/download-file`. */
export interface UiDownloadFileParams {
  contents: (EmbeddedResource | ResourceLink)[];
}

/** Params of `ui/update-model-context`. */
export interface UiUpdateModelContextParams {
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
}

/** Params of `ui/request-display-mode`. */
export interface UiRequestDisplayModeParams {
  mode: UiDisplayMode;
}

/** Result of `ui/request-display-mode`: the mode now in force (maybe not the one asked for). */
export interface UiRequestDisplayModeResult {
  mode: UiDisplayMode;
  [key: string]: unknown;
}

/**
 * Result of `ui/message`, `ui/open-link` and `ui/download-file`: `isError: true` when the host
 * declined or failed.
 */
export interface UiActionResult {
  isError?: boolean;
  [key: string]: unknown;
}

/** Params of `ui/notifications/sandbox-resource-ready` (host → sandbox proxy). */
export interface UiSandboxResourceReadyParams {
  html: string;
  /** The `sandbox` attribute for the inner iframe. */
  sandbox?: string;
  csp?: UiResourceCsp;
  permissions?: UiResourcePermissions;
}

/** Client capability of the extension (`capabilities.extensions["io.modelcontextprotocol/ui"]`). */
export interface UiClientExtensionCapability {
  /** The UI MIME types the host renders, e.g. `['text/html;profile=mcp-app']`. */
  mimeTypes?: string[];
}
