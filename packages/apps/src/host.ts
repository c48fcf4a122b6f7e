// Every export of this file is public API of @mcpkit/apps/host: the host side of MCP Apps
// (SEP-1865), for a web page that shows tools' apps in sandboxed iframes. Runs in a browser; the
// sandbox proxy page's HTML comes from `sandboxProxyHtml`, which any server runtime can serve.
// The message and metadata types (`UiHostContext`, `UiResourceCsp`, …) are exported by `@mcpkit/apps`.

export { buildAllowAttribute, buildAppCsp } from './host/csp.js';
export { mountApp } from './host/mount.js';
export type { AppResource } from './host/resource.js';
export { readAppResource } from './host/resource.js';
export type { SandboxProxyOptions } from './host/sandbox-proxy.js';
export { DEFAULT_APP_SANDBOX, sandboxProxyHtml } from './host/sandbox-proxy.js';
export type {
  AppIdentity,
  MountAppOptions,
  MountedApp,
} from './host/types.js';
export { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';
