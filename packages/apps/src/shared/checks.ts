// Hand-written checks of MCP Apps message params and metadata. Not zod: the app side runs inside an
// iframe whose bundle should stay small, and these shapes are shallow. Each check returns undefined
// when the value is acceptable, or one sentence naming the field, what was expected and what came.
// Open objects stay open: unknown fields pass, as the specification allows additions.
import { UI_DISPLAY_MODES } from './types.js';

/** A problem found in a value: `"params.url: expected a string, got number"`, or undefined. */
export type UiProblem = string | undefined;

/** Names a value's kind for messages: `null`, `array`, `string`, … */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expected(path: string, what: string, value: unknown): string {
  return `${path}: expected ${what}, got ${kindOf(value)}`;
}

function object(value: unknown, path: string): UiProblem {
  return isRecord(value) ? undefined : expected(path, 'an object', value);
}

function optional(value: unknown, path: string, type: 'string' | 'number' | 'boolean'): UiProblem {
  return value === undefined || typeof value === type ? undefined : expected(path, `a ${type}`, value);
}

function optionalObject(value: unknown, path: string): UiProblem {
  return value === undefined ? undefined : object(value, path);
}

function stringArray(value: unknown, path: string): UiProblem {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return expected(path, 'an array of strings', value);
  const index = value.findIndex((item) => typeof item !== 'string');
  return index < 0 ? undefined : expected(`${path}[${index}]`, 'a string', value[index]);
}

function displayMode(value: unknown, path: string): UiProblem {
  return UI_DISPLAY_MODES.includes(value as never)
    ? undefined
    : `${path}: expected one of ${UI_DISPLAY_MODES.join(', ')}, got ${JSON.stringify(value) ?? 'undefined'}`;
}

function displayModes(value: unknown, path: string): UiProblem {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return expected(path, 'an array of display modes', value);
  for (const [index, mode] of value.entries()) {
    const problem = displayMode(mode, `${path}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

function contentBlocks(value: unknown, path: string): UiProblem {
  if (!Array.isArray(value)) return expected(path, 'an array of content blocks', value);
  for (const [index, block] of value.entries()) {
    if (!isRecord(block) || typeof block.type !== 'string')
      return expected(`${path}[${index}]`, 'a content block (an object with a string type)', block);
  }
  return undefined;
}

function implementation(value: unknown, path: string): UiProblem {
  if (!isRecord(value)) return object(value, path);
  for (const key of ['name', 'version'] as const)
    if (typeof value[key] !== 'string') return expected(`${path}.${key}`, 'a string', value[key]);
  return undefined;
}

function first(...problems: UiProblem[]): UiProblem {
  return problems.find((problem) => problem !== undefined);
}

/** Checks `ui/initialize` params. */
export function checkInitializeParams(params: unknown): UiProblem {
  if (!isRecord(params)) return object(params, 'params');
  return first(
    implementation(params.appInfo, 'params.appInfo'),
    object(params.appCapabilities, 'params.appCapabilities'),
    isRecord(params.appCapabilities)
      ? displayModes(
          params.appCapabilities.availableDisplayModes,
          'params.appCapabilities.availableDisplayModes',
        )
      : undefined,
    typeof params.protocolVersion === 'string'
      ? undefined
      : expected('params.protocolVersion', 'a string', params.protocolVersion),
  );
}

/** Checks a host context (whole, or the changed fields of `ui/notifications/host-context-changed`). */
export function checkHostContext(context: unknown, path = 'hostContext'): UiProblem {
  if (!isRecord(context)) return object(context, path);
  const { theme, displayMode: mode } = context;
  return first(
    theme === undefined || theme === 'light' || theme === 'dark'
      ? undefined
      : `${path}.theme: expected light or dark, got ${JSON.stringify(theme)}`,
    mode === undefined ? undefined : displayMode(mode, `${path}.displayMode`),
    displayModes(context.availableDisplayModes, `${path}.availableDisplayModes`),
    optionalObject(context.styles, `${path}.styles`),
    optionalObject(context.containerDimensions, `${path}.containerDimensions`),
    optional(context.locale, `${path}.locale`, 'string'),
    optional(context.timeZone, `${path}.timeZone`, 'string'),
  );
}

/** Checks a `ui/initialize` result. */
export function checkInitializeResult(result: unknown): UiProblem {
  if (!isRecord(result)) return object(result, 'result');
  return first(
    typeof result.protocolVersion === 'string'
      ? undefined
      : expected('result.protocolVersion', 'a string', result.protocolVersion),
    implementation(result.hostInfo, 'result.hostInfo'),
    object(result.hostCapabilities, 'result.hostCapabilities'),
    checkHostContext(result.hostContext, 'result.hostContext'),
  );
}

/** Checks `ui/notifications/tool-input` and `…/tool-input-partial` params. */
export function checkToolInputParams(params: unknown): UiProblem {
  if (params === undefined) return undefined;
  return (
    object(params, 'params') ??
    optionalObject((params as Record<string, unknown>).arguments, 'params.arguments')
  );
}

/**
 * Checks `ui/notifications/tool-result` params, or a `tools/call` result (with `path` `result`): a
 * `CallToolResult`, content blocks and maybe `structuredContent` and `isError`.
 */
export function checkToolResultParams(params: unknown, path = 'params'): UiProblem {
  if (!isRecord(params)) return object(params, path);
  return first(
    params.content === undefined ? undefined : contentBlocks(params.content, `${path}.content`),
    optional(params.isError, `${path}.isError`, 'boolean'),
  );
}

/** Checks `ui/notifications/tool-cancelled` params. */
export function checkToolCancelledParams(params: unknown): UiProblem {
  if (params === undefined) return undefined;
  return (
    object(params, 'params') ??
    optional((params as Record<string, unknown>).reason, 'params.reason', 'string')
  );
}

/** Checks `ui/notifications/size-changed` params (finite, non-negative pixels). */
export function checkSizeChangedParams(params: unknown): UiProblem {
  if (!isRecord(params)) return object(params, 'params');
  for (const axis of ['width', 'height'] as const) {
    const value = params[axis];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      return `params.${axis}: expected a finite non-negative number, got ${JSON.stringify(value) ?? kindOf(value)}`;
  }
  return undefined;
}

/** Checks `ui/message` params (role `user`, content blocks). */
export function checkMessageParams(params: unknown): UiProblem {
  if (!isRecord(params)) return object(params, 'params');
  return first(
    params.role === 'user' ? undefined : `params.role: expected user, got ${JSON.stringify(params.role)}`,
    contentBlocks(params.content, 'params.content'),
  );
}

/** Checks `ui/open-link` params: an absolute URL (which schemes to open is the host's policy). */
export function checkOpenLinkParams(params: unknown): UiProblem {
  if (!isRecord(params)) return object(params, 'params');
  if (typeof params.url !== 'string') return expected('params.url', 'a string', params.url);
  return URL.canParse(params.url)
    ? undefined
    : `params.url: expected an absolute URL, got ${JSON.stringify(params.url)}`;
}

/** Checks `ui/update-model-context` params. */
export function checkUpdateModelContextParams(params: unknown): UiProblem {
  if (!isRecord(params)) return object(params, 'params');
  return first(
    params.content === undefined ? undefined : contentBlocks(params.content, 'params.content'),
    optionalObject(params.structuredContent, 'params.structuredContent'),
  );
}

/** Checks `ui/request-display-mode` params, and its result (same `mode` field). */
export function checkDisplayModeParams(params: unknown, path = 'params'): UiProblem {
  if (!isRecord(params)) return object(params, path);
  return displayMode(params.mode, `${path}.mode`);
}

/** Checks a UI resource's `_meta.ui` (CSP origin lists, permissions, domain, prefersBorder). */
export function checkUiResourceMeta(meta: unknown, path = '_meta.ui'): UiProblem {
  if (!isRecord(meta)) return object(meta, path);
  const csp = meta.csp;
  return first(
    optionalObject(csp, `${path}.csp`),
    ...(isRecord(csp)
      ? (['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const).map((key) =>
          stringArray(csp[key], `${path}.csp.${key}`),
        )
      : []),
    optionalObject(meta.permissions, `${path}.permissions`),
    optional(meta.domain, `${path}.domain`, 'string'),
    optional(meta.prefersBorder, `${path}.prefersBorder`, 'boolean'),
  );
}

/** Checks a tool's `_meta.ui` (a `ui://` resourceUri, visibility of `model` and/or `app`). */
export function checkUiToolMeta(meta: unknown, path = '_meta.ui'): UiProblem {
  if (!isRecord(meta)) return object(meta, path);
  const { resourceUri, visibility } = meta;
  if (resourceUri !== undefined && !(typeof resourceUri === 'string' && resourceUri.startsWith('ui://')))
    return `${path}.resourceUri: expected a ui:// URI, got ${JSON.stringify(resourceUri) ?? kindOf(resourceUri)}`;
  if (visibility === undefined) return undefined;
  if (!Array.isArray(visibility))
    return expected(`${path}.visibility`, 'an array of model and/or app', visibility);
  const index = visibility.findIndex((who) => who !== 'model' && who !== 'app');
  return index < 0
    ? undefined
    : `${path}.visibility[${index}]: expected model or app, got ${JSON.stringify(visibility[index])}`;
}
