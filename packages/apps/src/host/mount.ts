// Mounting an app the way SEP-1865 asks of a web host: an outer iframe on the sandbox proxy's
// origin (never the host's), the proxy's `sandbox-proxy-ready`, the app's HTML and CSP domains in
// `sandbox-resource-ready`, the app's `ui/initialize` answered and `ui/notifications/initialized`
// awaited before anything is sent to it; then the host's handle, and a teardown that leaves no
// listener and no iframe behind.
import { JsonRpcPeer } from '@mcpkit/jsonrpc';
import type { CallToolResult, JSONObject, ListToolsResult } from '@mcpkit/protocol/essentials';
import { PostMessageTransport } from '../app/post-message-transport.js';
import {
  checkToolResultParams,
  toolUiResourceUri,
  type UiHostContext,
  UiMethod,
  type UiResourcePermissions,
} from '../shared/index.js';
import { buildAppCsp } from './csp.js';
import { installRelay, type RelayState } from './relay.js';
import { readAppResource } from './resource.js';
import type { MountAppOptions, MountedApp } from './types.js';

const OUTER_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
const PERMISSION_FEATURES = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/**
 * Shows the UI of `options.tool` in `options.container`: reads its resource through the client
 * (unless given), loads it through the sandbox proxy and completes the app's handshake. Resolves
 * once the app sent `ui/notifications/initialized`; rejects (and removes what it added) if the
 * resource is not an app, the sandbox is on the host's origin, or the proxy or the app does not get
 * ready within `readyTimeoutMs`.
 */
export async function mountApp(options: MountAppOptions): Promise<MountedApp> {
  const sandboxUrl = new URL(options.sandboxUrl, location.href);
  if (sandboxUrl.origin === location.origin) {
    throw new Error(
      `mountApp: the sandbox proxy ${sandboxUrl.href} is on the host page's origin; SEP-1865 requires another origin`,
    );
  }
  const uri = toolUiResourceUri(options.tool);
  if (uri === undefined) throw new Error(`mountApp: tool ${options.tool.name} has no _meta.ui.resourceUri`);
  const resource = options.resource ?? (await readAppResource(options.client, uri));
  const cspDomains = resource.meta.csp;
  const csp = buildAppCsp(cspDomains); // throws on a domain that would widen the policy
  const requested = resource.meta.permissions ?? {};
  const granted: UiResourcePermissions = {};
  for (const name of PERMISSIONS) if (requested[name] && options.grantPermissions?.[name]) granted[name] = {};

  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', OUTER_SANDBOX);
  iframe.setAttribute('title', options.tool.title ?? options.tool.name);
  const allow = PERMISSIONS.filter((name) => granted[name]).map((name) => PERMISSION_FEATURES[name]);
  if (allow.length > 0) iframe.setAttribute('allow', allow.join('; '));
  iframe.style.border = '0';
  iframe.style.width = '100%';
  // Attached first (its window exists from then on) and pointed at the proxy once the peer listens,
  // so the proxy's sandbox-proxy-ready cannot come before there is anyone to hear it.
  options.container.appendChild(iframe);

  const peer = new JsonRpcPeer({ onerror: (error) => options.onError?.(error) });
  // Messages go to the sandbox's origin only, and are taken only from its window and origin; another
  // window's messages are not for this app (a page may show several) and are ignored.
  const transport = new PostMessageTransport({
    target: iframe.contentWindow!,
    targetOrigin: sandboxUrl.origin,
  });
  // SEP-1865: the context SHOULD name the tool the view belongs to; the host's own toolInfo (with the call's id) wins.
  let hostContext: UiHostContext = { toolInfo: { tool: options.tool }, ...options.hostContext };
  let initialized = false;
  let markProxyReady!: () => void;
  let markInitialized!: () => void;
  const proxyReady = new Promise<void>((resolve) => (markProxyReady = resolve));
  const appReady = new Promise<void>((resolve) => (markInitialized = resolve));

  const state: RelayState = {
    hostContext,
    markInitialized: () => {
      initialized = true;
      markInitialized();
    },
    hostCapabilities: {
      serverTools: {},
      serverResources: {},
      logging: {},
      ...(options.onOpenLink ? { openLinks: {} } : {}),
      ...(options.onMessage ? { message: {} } : {}),
      ...(options.onUpdateModelContext ? { updateModelContext: {} } : {}),
      sandbox: { csp: { ...cspDomains }, permissions: granted },
    },
    notifyHostContext: (patch) => setHostContext(patch),
    // Flexible dimensions follow the app, up to their maximum; fixed ones stay as the host set them.
    resize: ({ width, height }) => {
      const dimensions = hostContext.containerDimensions ?? {};
      if (height !== undefined && dimensions.height === undefined)
        iframe.style.height = `${Math.min(height, dimensions.maxHeight ?? height)}px`;
      if (width !== undefined && dimensions.width === undefined)
        iframe.style.width = `${Math.min(width, dimensions.maxWidth ?? width)}px`;
    },
  };
  installRelay(peer, options, state);
  peer.setNotificationHandler(UiMethod.SandboxProxyReady, () => markProxyReady());

  const setHostContext = async (patch: UiHostContext): Promise<void> => {
    hostContext = { ...hostContext, ...patch };
    state.hostContext = hostContext;
    if (initialized) await peer.notify(UiMethod.HostContextChanged, patch as JSONObject);
  };
  const whenInitialized = (method: string) => {
    if (!initialized) throw new Error(`${method}: the app has not completed its handshake`);
  };
  const offersTools = (method: string) => {
    whenInitialized(method);
    if (state.app?.appCapabilities.tools === undefined)
      throw new Error(
        `${method}: the app offers no tools (its ui/initialize declared no appCapabilities.tools)`,
      );
  };

  let tornDown: Promise<void> | undefined;
  const teardown = (reason = 'the host closed the app'): Promise<void> => {
    tornDown ??= (async () => {
      try {
        if (initialized) {
          await peer.request(
            UiMethod.ResourceTeardown,
            { reason },
            { timeoutMs: options.teardownTimeoutMs ?? 5_000 },
          );
        }
      } catch (error) {
        options.onError?.(
          new Error(`the app did not answer ui/resource-teardown: ${String(error)}`, { cause: error }),
        );
      } finally {
        await peer.close();
        iframe.remove();
      }
    })();
    return tornDown;
  };

  try {
    await peer.connect(transport);
    iframe.src = sandboxUrl.href;
    await withTimeout(
      proxyReady,
      options.readyTimeoutMs,
      `the sandbox proxy at ${sandboxUrl.href} did not get ready`,
    );
    await peer.notify(UiMethod.SandboxResourceReady, {
      html: resource.html,
      ...(cspDomains ? { csp: cspDomains as JSONObject } : {}),
      permissions: granted as JSONObject,
      ...(options.appSandbox ? { sandbox: options.appSandbox } : {}),
    });
    await withTimeout(appReady, options.readyTimeoutMs, `the app ${uri} did not complete its handshake`);
  } catch (error) {
    await teardown();
    throw error;
  }

  const handle: MountedApp = {
    iframe,
    csp,
    get app() {
      return state.app ?? { appCapabilities: {} };
    },
    get hostContext() {
      return hostContext;
    },
    sendToolInput: async (args) => {
      whenInitialized('sendToolInput');
      await peer.notify(UiMethod.ToolInput, { arguments: args as JSONObject });
    },
    sendToolInputPartial: async (args) => {
      whenInitialized('sendToolInputPartial');
      await peer.notify(UiMethod.ToolInputPartial, { arguments: args as JSONObject });
    },
    sendToolResult: async (result) => {
      whenInitialized('sendToolResult');
      await peer.notify(UiMethod.ToolResult, result as JSONObject);
    },
    sendToolCancelled: async (reason) => {
      whenInitialized('sendToolCancelled');
      await peer.notify(UiMethod.ToolCancelled, reason === undefined ? {} : { reason });
    },
    runTool: async (args, runOptions) => {
      await handle.sendToolInput(args);
      let result: CallToolResult;
      try {
        result = await options.client.callTool(
          { name: options.tool.name, arguments: args },
          runOptions?.signal ? { signal: runOptions.signal } : {},
        );
      } catch (error) {
        await handle.sendToolCancelled(error instanceof Error ? error.message : String(error));
        throw error;
      }
      await handle.sendToolResult(result);
      return result;
    },
    listAppTools: async () => {
      offersTools('listAppTools');
      const result = await peer.request('tools/list', {});
      if (!Array.isArray(result.tools)) throw new Error('the app answered tools/list without a tools array');
      return result as unknown as ListToolsResult;
    },
    callAppTool: async (params) => {
      offersTools('callAppTool');
      const result = await peer.request('tools/call', params as JSONObject);
      const problem = checkToolResultParams(result, 'result');
      if (problem !== undefined)
        throw new Error(`the app answered tools/call with an invalid result: ${problem}`);
      return result as CallToolResult;
    },
    setHostContext,
    teardown,
  };
  return handle;
}

function withTimeout(promise: Promise<void>, timeoutMs = 30_000, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`mountApp: ${what} within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
