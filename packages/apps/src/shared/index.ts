// What every side of MCP Apps shares: wire names, message and metadata types, and their checks.
// Free of zod and of any runtime API beyond the language (and `URL`), so the app entry can use it.
export {
  checkDisplayModeParams,
  checkHostContext,
  checkInitializeParams,
  checkInitializeResult,
  checkMessageParams,
  checkOpenLinkParams,
  checkSizeChangedParams,
  checkToolCancelledParams,
  checkToolInputParams,
  checkToolResultParams,
  checkUiResourceMeta,
  checkUiToolMeta,
  checkUpdateModelContextParams,
  kindOf,
  type UiProblem,
} from './checks.js';
export {
  APP_FORWARDED_REQUESTS,
  LEGACY_RESOURCE_URI_META_KEY,
  UI_META_KEY,
  UI_PROTOCOL_VERSION,
  UI_PROTOCOL_VERSIONS,
  UI_RESOURCE_URI_SCHEME,
  UiMethod,
  type UiMethodName,
} from './methods.js';
export { type ToolWithMeta, toolUiResourceUri, toolVisibleTo } from './tool-meta.js';
export * from './types.js';
