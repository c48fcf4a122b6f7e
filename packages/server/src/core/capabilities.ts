import type { JSONObject, ServerCapabilities } from '@mcpkit/protocol/essentials';
import { atLeast, Since } from './revisions.js';

/** `true` turns a capability on with defaults, `false` keeps it off even when something is registered. */
export interface CapabilityOptions {
  tools?: boolean | { listChanged?: boolean };
  resources?: boolean | { listChanged?: boolean; subscribe?: boolean };
  prompts?: boolean | { listChanged?: boolean };
  /** `notifications/message` and `logging/setLevel` (default on). */
  logging?: boolean;
  /** `completion/complete` (default on when prompts or resource templates exist). */
  completions?: boolean;
  experimental?: Record<string, JSONObject>;
  /** 2026-07-28 extensions, by identifier. */
  extensions?: Record<string, JSONObject>;
  /** 2025-11-25 tasks (experimental): task-augmented tools/call, tasks/get|result|list|cancel (default off). */
  tasks?: boolean;
}

export interface RegistrySizes {
  tools: number;
  resources: number;
  templates: number;
  prompts: number;
}

function listCapability<T extends object>(
  option: boolean | T | undefined,
  registered: boolean,
  defaults: T,
): T | undefined {
  if (option === false) return undefined;
  if (option === undefined && !registered) return undefined;
  return { ...defaults, ...(typeof option === 'object' ? option : {}) };
}

/**
 * What the server declares: a list capability when something of that kind is registered (or the
 * option forces it), with listChanged on because registrations may change at any time.
 */
export function computeCapabilities(options: CapabilityOptions, sizes: RegistrySizes): ServerCapabilities {
  const capabilities: ServerCapabilities = {};
  const tools = listCapability(options.tools, sizes.tools > 0, { listChanged: true });
  const resources = listCapability(options.resources, sizes.resources + sizes.templates > 0, {
    listChanged: true,
    subscribe: true,
  });
  const prompts = listCapability(options.prompts, sizes.prompts > 0, { listChanged: true });
  if (tools) capabilities.tools = tools;
  if (resources) capabilities.resources = resources;
  if (prompts) capabilities.prompts = prompts;
  if (options.logging !== false) capabilities.logging = {};
  const completable = sizes.prompts > 0 || sizes.templates > 0;
  if (options.completions === true || (options.completions === undefined && completable))
    capabilities.completions = {};
  if (options.tasks === true) {
    capabilities.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
  }
  if (options.experimental !== undefined) capabilities.experimental = options.experimental;
  if (options.extensions !== undefined) capabilities.extensions = options.extensions;
  return capabilities;
}

/** The capabilities as a given revision knows them. */
export function shapeCapabilities(capabilities: ServerCapabilities, version: string): ServerCapabilities {
  const shaped: ServerCapabilities = { ...capabilities };
  if (!atLeast(version, Since.completionsCapability)) delete shaped.completions;
  // `capabilities.extensions` (SEP-2133, an open object) from 2025-11-25, the revision that brought
  // tasks too. (The tasks extension, SEP-2663, is 2026-07-28 only: the server adds it to discover.)
  if (!atLeast(version, Since.tasks)) delete shaped.extensions;
  // Tasks are a 2025-11-25 capability; 2026-07-28 moved them into an extension.
  if (!atLeast(version, Since.tasks) || atLeast(version, Since.resultType)) delete shaped.tasks;
  return shaped;
}
