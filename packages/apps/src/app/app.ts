// The app side of MCP Apps: the object an app's script uses inside its iframe, shaped like an
// McpClient whose server is the host. It runs the `ui/initialize` handshake, receives the tool call's
// input and result, calls the server's tools through the host, and asks the host for messages,
// links, display modes and size. Built on @mcpkit/jsonrpc's peer (ids, timeouts, cancellation) and
// hand-written checks, with no zod and no node:*, so it bundles small for any browser.
import { JsonRpcError, JsonRpcPeer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import type {
  CallToolResult,
  Implementation,
  JSONObject,
  ListToolsResult,
  LoggingLevel,
  ReadResourceResult,
} from '@mcpkit/protocol/essentials';
import {
  checkDisplayModeParams,
  checkHostContext,
  checkInitializeResult,
  checkToolCancelledParams,
  checkToolInputParams,
  checkToolResultParams,
  kindOf,
  type UiProblem,
} from '../shared/checks.js';
import { UI_PROTOCOL_VERSION, UI_PROTOCOL_VERSIONS, UiMethod } from '../shared/methods.js';
import type {
  UiActionResult,
  UiAppCapabilities,
  UiDisplayMode,
  UiHostCapabilities,
  UiHostContext,
  UiInitializeResult,
  UiMessageParams,
  UiSizeChangedParams,
  UiToolCancelledParams,
  UiToolInputParams,
  UiUpdateModelContextParams,
} from '../shared/types.js';
import { observeDocumentSize } from './auto-resize.js';
import { AppError } from './errors.js';
import { type PostMessageTarget, PostMessageTransport } from './post-message-transport.js';

/** Options of `App`. */
export interface AppOptions {
  /** What the app declares in `ui/initialize` (e.g. `availableDisplayModes`). */
  capabilities?: UiAppCapabilities;
  /**
   * Send `ui/notifications/size-changed` whenever the document's size changes (default true; needs a
   * ResizeObserver, so it does nothing outside a browser).
   */
  autoResize?: boolean;
  /** Default timeout of requests to the host, in ms (default 60 000). */
  defaultTimeoutMs?: number;
  /** Problems that reject no call: malformed host messages, failing handlers. */
  onerror?: (error: Error) => void;
}

function invalid(what: string, problem: string): AppError {
  return new AppError('INVALID_HOST_RESPONSE', `Invalid ${what} from the host: ${problem}`);
}

/**
 * An MCP App's connection to its host. Set the `on…` handlers, then `await app.connect()` (inside an
 * iframe it talks to `window.parent`); after that `hostContext`, `hostCapabilities` and `hostInfo`
 * hold what the host said, and the methods below reach the host and, through it, the server.
 */
export class App {
  /** The complete tool arguments, once (`ui/notifications/tool-input`). */
  ontoolinput?: (params: UiToolInputParams) => void;
  /** Arguments so far while the model streams them; may change or lack fields. */
  ontoolinputpartial?: (params: UiToolInputParams) => void;
  /** The tool call's result (`ui/notifications/tool-result`). */
  ontoolresult?: (result: CallToolResult) => void;
  /** The tool call was cancelled (`ui/notifications/tool-cancelled`). */
  ontoolcancelled?: (params: UiToolCancelledParams) => void;
  /** The host context changed: `context` is the merged whole, `changed` the fields that came. */
  onhostcontextchanged?: (context: UiHostContext, changed: UiHostContext) => void;
  /** The host is about to tear the view down: save state; the host waits for this to settle. */
  onteardown?: (params: JSONObject | undefined) => void | Promise<void>;
  /**
   * Tools the app itself offers the host (`tools/list` from the host). Set it, and `oncalltool`,
   * before `connect()`: the app then declares `appCapabilities.tools`.
   */
  onlisttools?: (params: JSONObject | undefined) => ListToolsResult | Promise<ListToolsResult>;
  /** Runs one of the app's own tools for the host (`tools/call` from the host). */
  oncalltool?: (params: {
    name: string;
    arguments?: Record<string, unknown>;
  }) => CallToolResult | Promise<CallToolResult>;
  /** The connection closed. */
  onclose?: () => void;
  /** See `AppOptions.onerror`. */
  onerror?: (error: Error) => void;

  readonly #info: Implementation;
  readonly #options: AppOptions;
  #peer: JsonRpcPeer | undefined;
  #initialized: UiInitializeResult | undefined;
  #hostContext: UiHostContext = {};
  #toolInput: UiToolInputParams | undefined;
  #toolResult: CallToolResult | undefined;
  #stopResize: (() => void) | undefined;

  constructor(info: Implementation, options: AppOptions = {}) {
    this.#info = info;
    this.#options = options;
    if (options.onerror) this.onerror = options.onerror;
  }

  /** The host's name and version, once connected. */
  get hostInfo(): Implementation | undefined {
    return this.#initialized?.hostInfo;
  }

  /** What the host can do for the app (open links, relay tool calls…), once connected. */
  get hostCapabilities(): UiHostCapabilities | undefined {
    return this.#initialized?.hostCapabilities;
  }

  /** The host context: theme, display mode, container size, locale…, kept current by change notifications. */
  get hostContext(): UiHostContext {
    return this.#hostContext;
  }

  /** The MCP Apps revision the host answered with. */
  get protocolVersion(): string | undefined {
    return this.#initialized?.protocolVersion;
  }

  /** The complete tool input, once it arrived (also given to `ontoolinput`). */
  get toolInput(): UiToolInputParams | undefined {
    return this.#toolInput;
  }

  /** The tool result, once it arrived (also given to `ontoolresult`). */
  get toolResult(): CallToolResult | undefined {
    return this.#toolResult;
  }

  /** Whether the handshake completed and the connection is open. */
  get isConnected(): boolean {
    return this.#peer !== undefined && this.#initialized !== undefined;
  }

  /**
   * Connects and runs the handshake: `ui/initialize` (app info, capabilities, revision) → the host's
   * info, capabilities and context → `ui/notifications/initialized`. Without a transport, talks to
   * `window.parent` over postMessage. Rejects with an AppError when the host's answer is malformed
   * or in a revision this package does not speak (the connection is then closed).
   */
  async connect(transport?: Transport): Promise<void> {
    if (this.#peer !== undefined)
      throw new AppError('ALREADY_CONNECTED', 'This App is already connected; close it first');
    const channel = transport ?? this.#parentTransport();
    const peer = new JsonRpcPeer({
      ...(this.#options.defaultTimeoutMs === undefined
        ? {}
        : { defaultTimeoutMs: this.#options.defaultTimeoutMs }),
      onerror: (error) => this.onerror?.(error),
    });
    this.#peer = peer;
    this.#handleHostMessages(peer);
    peer.onclose = () => this.#closed(peer);
    try {
      await peer.connect(channel);
      const result = await peer.request(UiMethod.Initialize, {
        appInfo: this.#info,
        appCapabilities: this.#appCapabilities(),
        protocolVersion: UI_PROTOCOL_VERSION,
      });
      const problem = checkInitializeResult(result);
      if (problem !== undefined) throw invalid('ui/initialize result', problem);
      if (!UI_PROTOCOL_VERSIONS.includes(result.protocolVersion as string))
        throw new AppError(
          'UNSUPPORTED_PROTOCOL_VERSION',
          `The host answered ui/initialize with MCP Apps revision ${JSON.stringify(result.protocolVersion)}; this app speaks ${UI_PROTOCOL_VERSIONS.join(', ')}`,
        );
      this.#initialized = result as UiInitializeResult;
      this.#hostContext = { ...this.#hostContext, ...(result.hostContext as UiHostContext) };
      await peer.notify(UiMethod.Initialized, {});
    } catch (error) {
      await peer.close();
      // A transport that failed to start never closes, so forget the peer here too.
      if (this.#peer === peer) this.#peer = undefined;
      throw error;
    }
    if (this.#options.autoResize !== false)
      this.#stopResize = observeDocumentSize((size) => this.#sendQuietly(UiMethod.SizeChanged, size));
  }

  #appCapabilities(): JSONObject {
    const declared = { ...this.#options.capabilities } as JSONObject;
    if (this.oncalltool !== undefined && declared.tools === undefined) declared.tools = {};
    return declared;
  }

  #parentTransport(): Transport {
    const parent = (globalThis as unknown as { parent?: PostMessageTarget }).parent;
    if (parent === undefined || parent === (globalThis as unknown))
      throw new AppError(
        'NOT_CONNECTED',
        'No transport given and no parent window to talk to: is this app inside an iframe?',
      );
    return new PostMessageTransport({ target: parent });
  }

  /** Closes the connection (and stops reporting the size). */
  async close(): Promise<void> {
    await this.#peer?.close();
  }

  /** Calls a tool of the app's server, through the host (`tools/call`). */
  async callServerTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<CallToolResult> {
    const result = await this.#request('tools/call', params as JSONObject, options);
    const problem = checkToolResultParams(result, 'result');
    if (problem !== undefined) throw invalid('tools/call result', problem);
    return result as CallToolResult;
  }

  /** Lists the server's tools the host lets the app see (`tools/list`). */
  async listServerTools(
    params: { cursor?: string } = {},
    options?: RequestOptions,
  ): Promise<ListToolsResult> {
    const result = await this.#request('tools/list', params, options);
    if (!Array.isArray(result.tools)) throw invalid('tools/list result', 'result.tools: expected an array');
    return result as ListToolsResult;
  }

  /** Reads a resource of the app's server, through the host (`resources/read`). */
  async readServerResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult> {
    const result = await this.#request('resources/read', params, options);
    if (!Array.isArray(result.contents))
      throw invalid('resources/read result', 'result.contents: expected an array');
    return result as ReadResourceResult;
  }

  /** Adds a user message to the conversation (`ui/message`); `isError` when the host declined. */
  sendMessage(params: UiMessageParams, options?: RequestOptions): Promise<UiActionResult> {
    return this.#request(UiMethod.Message, params as unknown as JSONObject, options);
  }

  /** Asks the host to open a URL in the user's browser (`ui/open-link`). */
  openLink(url: string, options?: RequestOptions): Promise<UiActionResult> {
    return this.#request(UiMethod.OpenLink, { url }, options);
  }

  /** Replaces what the model will see of this app at its next turn (`ui/update-model-context`). */
  async updateModelContext(params: UiUpdateModelContextParams, options?: RequestOptions): Promise<void> {
    await this.#request(UiMethod.UpdateModelContext, params as JSONObject, options);
  }

  /**
   * Asks for another display mode and resolves with the mode now in force, which may differ. As
   * the specification requires, a mode the host does not list in `availableDisplayModes` is not
   * requested: that rejects with DISPLAY_MODE_UNAVAILABLE.
   */
  async requestDisplayMode(mode: UiDisplayMode, options?: RequestOptions): Promise<UiDisplayMode> {
    const available = this.#hostContext.availableDisplayModes;
    if (available !== undefined && !available.includes(mode))
      throw new AppError(
        'DISPLAY_MODE_UNAVAILABLE',
        `The host does not offer display mode ${mode}; it offers ${available.join(', ') || 'none'}`,
      );
    const result = await this.#request(UiMethod.RequestDisplayMode, { mode }, options);
    const problem = checkDisplayModeParams(result, 'result');
    if (problem !== undefined) throw invalid('ui/request-display-mode result', problem);
    const granted = result.mode as UiDisplayMode;
    this.#hostContext = { ...this.#hostContext, displayMode: granted };
    return granted;
  }

  /** Tells the host the app's size (`ui/notifications/size-changed`); automatic with `autoResize`. */
  async sendSizeChanged(size: UiSizeChangedParams): Promise<void> {
    await this.#connected('ui/notifications/size-changed').notify(UiMethod.SizeChanged, size as JSONObject);
  }

  /** Asks the host to close the view (`ui/notifications/request-teardown`). */
  async requestTeardown(): Promise<void> {
    await this.#connected('ui/notifications/request-teardown').notify(UiMethod.RequestTeardown, {});
  }

  /** Sends a log message to the host (`notifications/message`). */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const params: JSONObject = { level, data: data as JSONObject };
    if (logger !== undefined) params.logger = logger;
    await this.#connected('notifications/message').notify('notifications/message', params);
  }

  #connected(what: string): JsonRpcPeer {
    if (this.#peer === undefined || this.#initialized === undefined)
      throw new AppError('NOT_CONNECTED', `Cannot send ${what}: the app is not connected to its host`);
    return this.#peer;
  }

  async #request(method: string, params: JSONObject, options?: RequestOptions): Promise<JSONObject> {
    return this.#connected(method).request(method, params, options);
  }

  #sendQuietly(method: string, params: object): void {
    this.#peer?.notify(method, params as JSONObject).then(undefined, (error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
  }

  #reportInvalid(method: string, problem: UiProblem): boolean {
    if (problem === undefined) return false;
    this.onerror?.(new AppError('INVALID_HOST_RESPONSE', `Ignored ${method} from the host: ${problem}`));
    return true;
  }

  #handleHostMessages(peer: JsonRpcPeer): void {
    peer.setNotificationHandler(UiMethod.ToolInput, (params) => {
      if (this.#reportInvalid(UiMethod.ToolInput, checkToolInputParams(params))) return;
      this.#toolInput = params ?? {};
      this.ontoolinput?.(this.#toolInput);
    });
    peer.setNotificationHandler(UiMethod.ToolInputPartial, (params) => {
      if (this.#reportInvalid(UiMethod.ToolInputPartial, checkToolInputParams(params))) return;
      // The host must stop streaming once the complete input is sent; a late partial would undo it.
      const late = this.#toolInput === undefined ? undefined : 'it came after the complete tool input';
      if (this.#reportInvalid(UiMethod.ToolInputPartial, late)) return;
      this.ontoolinputpartial?.(params ?? {});
    });
    peer.setNotificationHandler(UiMethod.ToolResult, (params) => {
      if (this.#reportInvalid(UiMethod.ToolResult, checkToolResultParams(params))) return;
      this.#toolResult = params as CallToolResult;
      this.ontoolresult?.(this.#toolResult);
    });
    peer.setNotificationHandler(UiMethod.ToolCancelled, (params) => {
      if (this.#reportInvalid(UiMethod.ToolCancelled, checkToolCancelledParams(params))) return;
      this.ontoolcancelled?.(params ?? {});
    });
    peer.setNotificationHandler(UiMethod.HostContextChanged, (params) => {
      if (this.#reportInvalid(UiMethod.HostContextChanged, checkHostContext(params, 'params'))) return;
      const changed = params as UiHostContext;
      this.#hostContext = { ...this.#hostContext, ...changed };
      this.onhostcontextchanged?.(this.#hostContext, changed);
    });
    peer.setRequestHandler(UiMethod.ResourceTeardown, async (params) => {
      await this.onteardown?.(params);
      this.#stopResize?.();
      this.#stopResize = undefined;
      return {};
    });
    peer.setRequestHandler('ping', () => ({}));
    peer.setRequestHandler('tools/list', async (params) => {
      if (this.onlisttools === undefined) throw JsonRpcError.methodNotFound('tools/list');
      return (await this.onlisttools(params)) as JSONObject;
    });
    peer.setRequestHandler('tools/call', async (params) => {
      if (this.oncalltool === undefined) throw JsonRpcError.methodNotFound('tools/call');
      if (typeof params?.name !== 'string')
        throw JsonRpcError.invalidParams(
          `Invalid params for 'tools/call': name: expected a string, got ${kindOf(params?.name)}`,
        );
      return (await this.oncalltool(
        params as { name: string; arguments?: Record<string, unknown> },
      )) as JSONObject;
    });
  }

  #closed(peer: JsonRpcPeer): void {
    if (this.#peer !== peer) return;
    this.#stopResize?.();
    this.#stopResize = undefined;
    this.#peer = undefined;
    this.#initialized = undefined;
    this.onclose?.();
  }
}
