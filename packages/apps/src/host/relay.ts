// What the host answers the app: the `ui/*` requests it handles itself (handshake, messages, links,
// display mode, model context) and the MCP requests it relays to the server through the client
// (tools/call, resources/read and the lists). Anything else is refused with -32601 (the peer's
// default), a request with malformed params with -32602 naming the field, and a tools/call of a
// tool whose `_meta.ui.visibility` leaves out "app" (SEP-1865: the host MUST reject it) with -32602.
import { JsonRpcError, type JsonRpcPeer } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject, type Tool } from '@mcpkit/protocol/essentials';
import {
  checkDisplayModeParams,
  checkInitializeParams,
  checkMessageParams,
  checkOpenLinkParams,
  checkSizeChangedParams,
  checkUpdateModelContextParams,
  toolVisibleTo,
  UI_PROTOCOL_VERSION,
  type UiAppCapabilities,
  type UiDisplayMode,
  type UiHostCapabilities,
  type UiHostContext,
  type UiInitializeParams,
  type UiInitializeResult,
  type UiMessageParams,
  UiMethod,
  type UiProblem,
  type UiSizeChangedParams,
  type UiUpdateModelContextParams,
} from '../shared/index.js';
import type { AppIdentity, MountAppOptions } from './types.js';

/** The host's mutable view of one app, shared by the handlers and the mounted handle. */
export interface RelayState {
  hostContext: UiHostContext;
  app?: AppIdentity;
  /** Called on `ui/notifications/initialized`. */
  markInitialized: () => void;
  hostCapabilities: UiHostCapabilities;
  notifyHostContext: (patch: UiHostContext) => Promise<void>;
  resize: (size: UiSizeChangedParams) => void;
}

/** Throws -32602 naming the problem when there is one. */
function checked<T>(method: string, params: JSONObject | undefined, problem: UiProblem): T {
  if (problem !== undefined) throw new JsonRpcError(ErrorCode.InvalidParams, `${method}: ${problem}`);
  return params as T;
}

function refuse(method: string, reason: string): never {
  throw new JsonRpcError(ErrorCode.MethodNotFound, `${method}: ${reason}`);
}

/** Installs every handler of the host's side on `peer`. */
export function installRelay(peer: JsonRpcPeer, options: MountAppOptions, state: RelayState): void {
  const { client } = options;
  let tools: Map<string, Tool> | undefined;
  const findTool = async (name: string): Promise<Tool | undefined> => {
    // Listed again when the name is new to us: the server's tools may have changed since.
    if (!tools?.has(name)) tools = new Map((await client.listAllTools()).map((tool) => [tool.name, tool]));
    return tools.get(name);
  };

  peer.setRequestHandler(UiMethod.Initialize, (params) => {
    const request = checked<UiInitializeParams>(UiMethod.Initialize, params, checkInitializeParams(params));
    state.app = {
      appInfo: request.appInfo,
      appCapabilities: request.appCapabilities,
      protocolVersion: request.protocolVersion,
    };
    const result: UiInitializeResult = {
      protocolVersion: UI_PROTOCOL_VERSION,
      hostInfo: { ...(options.hostInfo ?? { name: 'mcpkit-apps-host', version: '0.1.0' }) },
      hostCapabilities: state.hostCapabilities,
      hostContext: state.hostContext,
    };
    return result as JSONObject;
  });
  peer.setNotificationHandler(UiMethod.Initialized, () => state.markInitialized());
  peer.setRequestHandler('ping', () => ({}));

  peer.setRequestHandler('tools/call', async (params, ctx) => {
    const name = params?.name;
    if (typeof name !== 'string')
      throw new JsonRpcError(ErrorCode.InvalidParams, 'tools/call: params.name must be a string');
    const tool = await findTool(name);
    if (tool === undefined)
      throw new JsonRpcError(ErrorCode.InvalidParams, `tools/call: the server has no tool ${name}`);
    if (!toolVisibleTo(tool, 'app')) {
      throw new JsonRpcError(
        ErrorCode.InvalidParams,
        `tools/call: tool ${name} is not callable by apps (its _meta.ui.visibility has no "app")`,
      );
    }
    const args = params?.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      throw new JsonRpcError(ErrorCode.InvalidParams, 'tools/call: params.arguments must be an object');
    }
    return (await client.callTool(
      { name, ...(args === undefined ? {} : { arguments: args as JSONObject }) },
      { signal: ctx.signal },
    )) as JSONObject;
  });
  peer.setRequestHandler('resources/read', async (params, ctx) => {
    const uri = params?.uri;
    if (typeof uri !== 'string')
      throw new JsonRpcError(ErrorCode.InvalidParams, 'resources/read: params.uri must be a string');
    return (await client.readResource({ uri }, { signal: ctx.signal })) as JSONObject;
  });
  const cursorOf = (params: JSONObject | undefined) =>
    typeof params?.cursor === 'string' ? { cursor: params.cursor } : undefined;
  peer.setRequestHandler(
    'resources/list',
    async (params, ctx) =>
      (await client.listResources(cursorOf(params), { signal: ctx.signal })) as JSONObject,
  );
  peer.setRequestHandler(
    'resources/templates/list',
    async (params, ctx) =>
      (await client.listResourceTemplates(cursorOf(params), { signal: ctx.signal })) as JSONObject,
  );

  peer.setRequestHandler(UiMethod.Message, async (params) => {
    if (options.onMessage === undefined) refuse(UiMethod.Message, 'this host takes no messages from apps');
    await options.onMessage(checked<UiMessageParams>(UiMethod.Message, params, checkMessageParams(params)));
    return {};
  });
  peer.setRequestHandler(UiMethod.OpenLink, async (params) => {
    if (options.onOpenLink === undefined) refuse(UiMethod.OpenLink, 'this host opens no links for apps');
    const { url } = checked<{ url: string }>(UiMethod.OpenLink, params, checkOpenLinkParams(params));
    const protocol = new URL(url).protocol;
    if (protocol !== 'https:' && protocol !== 'http:') {
      throw new JsonRpcError(
        ErrorCode.InvalidParams,
        `${UiMethod.OpenLink}: params.url must be an http(s) URL, got ${protocol}`,
      );
    }
    await options.onOpenLink(url);
    return {};
  });
  peer.setRequestHandler(UiMethod.UpdateModelContext, async (params) => {
    if (options.onUpdateModelContext === undefined) {
      refuse(UiMethod.UpdateModelContext, 'this host keeps no model context from apps');
    }
    await options.onUpdateModelContext(
      checked<UiUpdateModelContextParams>(
        UiMethod.UpdateModelContext,
        params,
        checkUpdateModelContextParams(params),
      ),
    );
    return {};
  });
  peer.setRequestHandler(UiMethod.RequestDisplayMode, async (params) => {
    const { mode } = checked<{ mode: UiDisplayMode }>(
      UiMethod.RequestDisplayMode,
      params,
      checkDisplayModeParams(params),
    );
    const current = state.hostContext.displayMode ?? 'inline';
    const hostModes = state.hostContext.availableDisplayModes ?? [current];
    const appModes = (state.app?.appCapabilities as UiAppCapabilities | undefined)?.availableDisplayModes;
    // SEP-1865: never a mode the app did not declare; the answer is the mode in force, changed or not.
    const allowed = hostModes.includes(mode) && (appModes === undefined || appModes.includes(mode));
    if (!allowed || mode === current || options.onRequestDisplayMode === undefined) return { mode: current };
    const next = await options.onRequestDisplayMode(mode);
    if (next !== current) await state.notifyHostContext({ displayMode: next });
    return { mode: next };
  });

  peer.setNotificationHandler('notifications/message', (params) => options.onLog?.(params ?? {}));
  peer.setNotificationHandler(UiMethod.SizeChanged, (params) => {
    const problem = checkSizeChangedParams(params);
    if (problem !== undefined) {
      options.onError?.(new Error(`${UiMethod.SizeChanged}: ${problem}`));
      return;
    }
    const size = params as UiSizeChangedParams;
    state.resize(size);
    options.onSizeChange?.(size);
  });
  peer.setNotificationHandler(UiMethod.RequestTeardown, () => options.onRequestTeardown?.());
}
