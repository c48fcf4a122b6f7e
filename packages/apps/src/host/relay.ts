// What the host answers the app: the `ui/*` requests it handles itself (handshake, messages, links,
// display mode, model context) and the MCP requests it relays to the server through the client
// (tools/call, resources/read and the lists). Everything else is refused with -32601, and a
// tools/call of a tool whose `_meta.ui.visibility` leaves out "app" with -32602.
import { JsonRpcError, type JsonRpcPeer } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject, type Tool } from '@mcpkit/protocol/essentials';
import type { AppIdentity, DisplayMode, HostContext, MountAppOptions } from './types.js';

/** The app protocol revision this host speaks (SEP-1865, stable). */
export const APP_PROTOCOL_VERSION = '2026-01-26';

/** The host's mutable view of one app, shared by the handlers and the mounted handle. */
export interface RelayState {
  hostContext: HostContext;
  app?: AppIdentity;
  /** Resolved by `ui/notifications/initialized`. */
  markInitialized: () => void;
  hostCapabilities: JSONObject;
  notifyHostContext: (patch: HostContext) => Promise<void>;
  resize: (size: { width?: number; height?: number }) => void;
}

/** Whether a tool may be called by an app: its `_meta.ui.visibility` (default model and app) includes "app". */
export function visibleToApp(tool: Pick<Tool, '_meta'>): boolean {
  const visibility = (
    (tool._meta as Record<string, unknown> | undefined)?.ui as Record<string, unknown> | undefined
  )?.visibility;
  return !Array.isArray(visibility) || visibility.includes('app');
}

function refuse(code: number, message: string): never {
  throw new JsonRpcError(code, message);
}

function object(params: JSONObject | undefined, method: string): JSONObject {
  if (params === undefined || typeof params !== 'object' || Array.isArray(params)) {
    refuse(ErrorCode.InvalidParams, `${method}: params must be an object`);
  }
  return params;
}

/** Installs every handler of the host's side on `peer`. */
export function installRelay(peer: JsonRpcPeer, options: MountAppOptions, state: RelayState): void {
  const { client } = options;
  let tools: Map<string, Tool> | undefined;
  const findTool = async (name: string): Promise<Tool | undefined> => {
    if (!tools?.has(name)) tools = new Map((await client.listAllTools()).map((tool) => [tool.name, tool]));
    return tools.get(name);
  };

  peer.setRequestHandler('ui/initialize', (params) => {
    const request = object(params, 'ui/initialize');
    const capabilities = request.appCapabilities;
    state.app = {
      appCapabilities:
        typeof capabilities === 'object' && capabilities !== null && !Array.isArray(capabilities)
          ? (capabilities as JSONObject)
          : {},
      ...(typeof request.appInfo === 'object' && request.appInfo !== null
        ? { appInfo: request.appInfo as AppIdentity['appInfo'] }
        : {}),
      ...(typeof request.protocolVersion === 'string' ? { protocolVersion: request.protocolVersion } : {}),
    };
    return {
      protocolVersion: APP_PROTOCOL_VERSION,
      hostInfo: { ...(options.hostInfo ?? { name: 'mcpkit-apps-host', version: '0.1.0' }) },
      hostCapabilities: state.hostCapabilities,
      hostContext: state.hostContext,
    };
  });
  peer.setNotificationHandler('ui/notifications/initialized', () => state.markInitialized());
  peer.setRequestHandler('ping', () => ({}));

  peer.setRequestHandler('tools/call', async (params, ctx) => {
    const request = object(params, 'tools/call');
    if (typeof request.name !== 'string')
      refuse(ErrorCode.InvalidParams, 'tools/call: params.name must be a string');
    const tool = await findTool(request.name);
    if (tool === undefined)
      refuse(ErrorCode.InvalidParams, `tools/call: the server has no tool ${request.name}`);
    if (!visibleToApp(tool)) {
      refuse(
        ErrorCode.InvalidParams,
        `tools/call: tool ${request.name} is not callable by apps (its _meta.ui.visibility has no "app")`,
      );
    }
    const args = request.arguments;
    return (await client.callTool(
      {
        name: request.name,
        ...(typeof args === 'object' && args !== null && !Array.isArray(args)
          ? { arguments: args as JSONObject }
          : {}),
      },
      { signal: ctx.signal },
    )) as JSONObject;
  });
  peer.setRequestHandler('resources/read', async (params, ctx) => {
    const request = object(params, 'resources/read');
    if (typeof request.uri !== 'string')
      refuse(ErrorCode.InvalidParams, 'resources/read: params.uri must be a string');
    return (await client.readResource({ uri: request.uri }, { signal: ctx.signal })) as JSONObject;
  });
  peer.setRequestHandler(
    'resources/list',
    async (params, ctx) =>
      (await client.listResources(
        typeof params?.cursor === 'string' ? { cursor: params.cursor } : undefined,
        { signal: ctx.signal },
      )) as JSONObject,
  );
  peer.setRequestHandler(
    'resources/templates/list',
    async (params, ctx) =>
      (await client.listResourceTemplates(
        typeof params?.cursor === 'string' ? { cursor: params.cursor } : undefined,
        { signal: ctx.signal },
      )) as JSONObject,
  );

  peer.setRequestHandler('ui/message', async (params) => {
    if (options.onMessage === undefined)
      refuse(ErrorCode.MethodNotFound, 'ui/message: this host takes no messages from apps');
    await options.onMessage(object(params, 'ui/message'));
    return {};
  });
  peer.setRequestHandler('ui/open-link', async (params) => {
    if (options.onOpenLink === undefined)
      refuse(ErrorCode.MethodNotFound, 'ui/open-link: this host opens no links for apps');
    const url = object(params, 'ui/open-link').url;
    const protocol = typeof url === 'string' && URL.canParse(url) ? new URL(url).protocol : undefined;
    if (protocol !== 'https:' && protocol !== 'http:') {
      refuse(
        ErrorCode.InvalidParams,
        `ui/open-link: params.url must be an http(s) URL, got ${JSON.stringify(url)}`,
      );
    }
    await options.onOpenLink(url as string);
    return {};
  });
  peer.setRequestHandler('ui/update-model-context', async (params) => {
    if (options.onUpdateModelContext === undefined) {
      refuse(ErrorCode.MethodNotFound, 'ui/update-model-context: this host keeps no model context from apps');
    }
    await options.onUpdateModelContext(object(params, 'ui/update-model-context'));
    return {};
  });
  peer.setRequestHandler('ui/request-display-mode', async (params) => {
    const mode = object(params, 'ui/request-display-mode').mode as DisplayMode;
    const current = state.hostContext.displayMode ?? 'inline';
    const hostModes = state.hostContext.availableDisplayModes ?? [current];
    const appModes = state.app?.appCapabilities.availableDisplayModes;
    const allowed =
      hostModes.includes(mode) &&
      (!Array.isArray(appModes) || appModes.includes(mode)) &&
      options.onRequestDisplayMode;
    if (!allowed || mode === current) return { mode: current };
    const next = await options.onRequestDisplayMode!(mode);
    if (next !== current) await state.notifyHostContext({ displayMode: next });
    return { mode: next };
  });

  peer.setNotificationHandler('notifications/message', (params) => options.onLog?.(params ?? {}));
  peer.setNotificationHandler('ui/notifications/size-changed', (params) => {
    const size: { width?: number; height?: number } = {};
    if (typeof params?.width === 'number' && params.width >= 0) size.width = params.width;
    if (typeof params?.height === 'number' && params.height >= 0) size.height = params.height;
    state.resize(size);
    options.onSizeChange?.(size);
  });
  peer.setNotificationHandler('ui/notifications/request-teardown', () => options.onRequestTeardown?.());
}
