// Reading a listed tool's MCP Apps metadata the way hosts must: the nested `_meta.ui` first, the
// deprecated flat `_meta["ui/resourceUri"]` second, and visibility defaulting to model and app.
import { LEGACY_RESOURCE_URI_META_KEY } from './methods.js';
import type { UiToolMeta, UiToolVisibility } from './types.js';

/** What `toolUiResourceUri` and `toolVisibleTo` read: a tool as `tools/list` gives it. */
export interface ToolWithMeta {
  _meta?: { [key: string]: unknown };
}

function uiMetaOf(tool: ToolWithMeta): UiToolMeta | undefined {
  const ui = tool._meta?.ui;
  return typeof ui === 'object' && ui !== null ? (ui as UiToolMeta) : undefined;
}

/** The `ui://` resource a tool is rendered with, or undefined for a tool without a UI. */
export function toolUiResourceUri(tool: ToolWithMeta): string | undefined {
  const nested = uiMetaOf(tool)?.resourceUri;
  if (typeof nested === 'string') return nested;
  const legacy = tool._meta?.[LEGACY_RESOURCE_URI_META_KEY];
  return typeof legacy === 'string' ? legacy : undefined;
}

/**
 * Whether `who` may call the tool: its `_meta.ui.visibility` lists it, or there is none (the
 * default is both). A host leaves tools the model may not call out of the model's tool list, and
 * refuses an app's `tools/call` for tools the app may not call.
 */
export function toolVisibleTo(tool: ToolWithMeta, who: UiToolVisibility): boolean {
  const visibility = uiMetaOf(tool)?.visibility;
  return !Array.isArray(visibility) || visibility.includes(who);
}
