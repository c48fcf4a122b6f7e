// The server side of MCP Apps (SEP-1865): UI resources (`ui://…`, `text/html;profile=mcp-app`, with
// their CSP / domain / permission metadata) and tools linked to them (`_meta.ui`), registered on an
// mcpkit McpServer through its ordinary `resource` and `tool` calls, so they work over every
// transport and revision the server speaks. Hosts do the rest: they read the resource, render it and
// keep app-only tools away from the model.
import type { ClientCapabilities, JSONObject } from '@mcpkit/protocol/essentials';
import type {
  McpServer,
  RegisteredResource,
  RegisteredTool,
  SchemaInput,
  ToolConfig,
  ToolHandler,
} from '@mcpkit/server';
import { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';
import { checkUiResourceMeta, checkUiToolMeta } from './shared/checks.js';
import { LEGACY_RESOURCE_URI_META_KEY } from './shared/methods.js';
import type { UiClientExtensionCapability, UiResourceMeta, UiToolVisibility } from './shared/types.js';

export { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';

/**
 * What to put in `capabilities.extensions` to declare MCP Apps:
 * `new McpServer(info, { capabilities: { extensions: appsExtension() } })`. The server declares
 * extensions from 2025-11-25 on; tools and UI resources reach clients of every revision.
 */
export function appsExtension(): Record<string, JSONObject> {
  return { [UI_EXTENSION_ID]: {} };
}

/**
 * Whether the client (host) said it renders MCP Apps: `capabilities.extensions` holds the extension
 * with `text/html;profile=mcp-app` among its `mimeTypes`. A tool handler passes
 * `ctx.client.capabilities` to choose between a UI-backed answer and a text-only one.
 */
export function clientSupportsApps(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const ui = extensions?.[UI_EXTENSION_ID] as UiClientExtensionCapability | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(UI_RESOURCE_MIME_TYPE);
}

/** A UI resource's listing fields, its HTML and its `_meta.ui` (CSP, permissions, domain, border). */
export interface AppResourceConfig extends UiResourceMeta {
  /** The name in `resources/list`. */
  name: string;
  title?: string;
  description?: string;
  /** The HTML document, or a function making it on each read (e.g. read from disk). */
  html: string | (() => string | Promise<string>);
  /** Other `_meta` entries; `ui` is set from the fields above. */
  _meta?: JSONObject;
}

/** A registered UI resource: its URI (to link tools to) and the server's registration handle. */
export interface AppResource {
  readonly uri: string;
  readonly registration: RegisteredResource;
}

function uiResourceMeta(config: AppResourceConfig): UiResourceMeta {
  const meta: UiResourceMeta = {};
  if (config.csp !== undefined) meta.csp = config.csp;
  if (config.permissions !== undefined) meta.permissions = config.permissions;
  if (config.domain !== undefined) meta.domain = config.domain;
  if (config.prefersBorder !== undefined) meta.prefersBorder = config.prefersBorder;
  return meta;
}

/**
 * Registers an MCP App's HTML as a resource: `uri` must be a `ui://` URI; the resource is listed and
 * read with MIME type `text/html;profile=mcp-app`, and its `_meta.ui` (CSP origins, permissions,
 * domain, prefersBorder) travels both in `resources/list` and on the read contents, where hosts look
 * for it. Throws a TypeError naming the field for a bad URI or metadata.
 */
export function registerAppResource(
  server: McpServer<any>,
  uri: string,
  config: AppResourceConfig,
): AppResource {
  if (!uri.startsWith('ui://') || uri.length <= 'ui://'.length)
    throw new TypeError(`MCP App resource URI must use the ui:// scheme, got ${JSON.stringify(uri)}`);
  const ui = uiResourceMeta(config);
  const problem = checkUiResourceMeta(ui, `resource ${uri}: _meta.ui`);
  if (problem !== undefined) throw new TypeError(problem);
  const meta = { ...config._meta, ui: ui as JSONObject };
  const { html } = config;
  const registration = server.resource(
    uri,
    {
      name: config.name,
      ...(config.title === undefined ? {} : { title: config.title }),
      ...(config.description === undefined ? {} : { description: config.description }),
      mimeType: UI_RESOURCE_MIME_TYPE,
      _meta: meta,
    },
    async () => ({
      text: typeof html === 'string' ? html : await html(),
      mimeType: UI_RESOURCE_MIME_TYPE,
      _meta: meta,
    }),
  );
  return { uri, registration };
}

/** How a tool links to its UI, and who may call it. */
export interface AppToolUi {
  /** The UI resource (as `registerAppResource` returned it, or its `ui://` URI). */
  resource?: AppResource | string;
  /**
   * Who may call the tool (default both): `['model']`, `['app']` (hidden from the model: hosts leave
   * it out of the model's tool list, yet the app may call it through the host), or both.
   */
  visibility?: UiToolVisibility[];
}

/**
 * Registers a tool with `_meta.ui` (its UI resource and visibility), through `server.tool`: same
 * config, same handler, same handle. The tool is listed to every client with its `_meta.ui`, app-only
 * ones too, since the host needs the listing to let its app call them; the host, not the server,
 * hides them from the model. The deprecated flat `_meta["ui/resourceUri"]` is written too, for hosts
 * that predate the nested form. Keep the result's `content` meaningful: hosts without MCP Apps show
 * only that.
 */
export function registerAppTool<
  I extends SchemaInput | undefined = undefined,
  O extends SchemaInput | undefined = undefined,
  TState = any,
>(
  server: McpServer<TState>,
  name: string,
  config: ToolConfig<I, O> & { ui: AppToolUi },
  handler: ToolHandler<I, O, TState>,
): RegisteredTool<TState> {
  const { ui, ...toolConfig } = config;
  const resourceUri = typeof ui.resource === 'string' ? ui.resource : ui.resource?.uri;
  const uiMeta: JSONObject = {};
  if (resourceUri !== undefined) uiMeta.resourceUri = resourceUri;
  if (ui.visibility !== undefined) uiMeta.visibility = [...ui.visibility];
  const problem = checkUiToolMeta(uiMeta, `tool '${name}': _meta.ui`);
  if (problem !== undefined) throw new TypeError(problem);
  if (ui.visibility !== undefined && ui.visibility.length === 0)
    throw new TypeError(
      `tool '${name}': _meta.ui.visibility is empty, so neither the model nor the app may call it`,
    );
  const meta: JSONObject = { ...toolConfig._meta, ui: uiMeta };
  if (resourceUri !== undefined) meta[LEGACY_RESOURCE_URI_META_KEY] = resourceUri;
  return server.tool(name, { ...toolConfig, _meta: meta } as ToolConfig<I, O>, handler);
}
