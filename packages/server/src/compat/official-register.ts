import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { HandlerContext } from '../core/handler-context.js';
import type { PromptArgsInput, PromptConfig, PromptHandler, PromptUpdate } from '../registry/prompts.js';
import type { RegisteredHandle } from '../registry/registry.js';
import type {
  Completer,
  ListedResource,
  ResourceConfig,
  ResourceTemplateConfig,
  ResourceTemplateUpdate,
  ResourceUpdate,
} from '../registry/resources.js';
import type { ToolConfig, ToolHandler, ToolUpdate } from '../registry/tools.js';
import type { SchemaInput } from '../schema/compile-schema.js';
import { UriTemplateMatcher } from '../uri-template/matcher.js';
import type {
  CoreRegistrar,
  OfficialLoosePromptConfig,
  OfficialLooseToolConfig,
  OfficialPromptCallback,
  OfficialPromptConfig,
  OfficialPromptUpdate,
  OfficialReadResourceCallback,
  OfficialReadTemplateCallback,
  OfficialRegisteredPrompt,
  OfficialRegisteredResource,
  OfficialRegisteredResourceTemplate,
  OfficialRegisteredTool,
  OfficialResourceMetadata,
  OfficialResourceTemplateLike,
  OfficialResourceTemplateUpdate,
  OfficialResourceUpdate,
  OfficialToolCallback,
  OfficialToolConfig,
  OfficialToolUpdate,
} from './official-compat.js';
import { officialExtra } from './official-extra.js';

// The bodies of McpServer's registerTool / registerResource / registerPrompt (see official-compat.ts
// for the types). Each translates the config, wraps the callback so it receives the official
// `extra`, and registers through mcpkit's own method: listing, validation and result shaping are
// mcpkit's, once.

/** Options of the official SDK v2 that mcpkit does elsewhere; ignoring them would drop a check. */
const ELSEWHERE: Record<string, string> = {
  scopeChallenge: "per-tool scopes of @mcpkit/auth-server's resource server",
  cacheHint: 'McpServerOptions.cacheHints',
};

function refuseElsewhereOptions(config: object, what: string): void {
  for (const key of Object.keys(config)) {
    const instead = ELSEWHERE[key];
    if (instead !== undefined)
      throw new TypeError(`${what}: option '${key}' is not supported; use ${instead}`);
  }
}

/** Copies the named fields that are set (undefined ones stay absent). */
function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) picked[key] = from[key];
  return picked;
}

/**
 * The official handle's members over mcpkit's handle: `enabled` (live), `enable`, `disable`,
 * `remove`, `update` (official-shaped, applied by `apply`; its `enabled` comes last) and `handle`,
 * plus `live` getters for what an update may replace (the callback, the name).
 */
function officialHandle<TMcpkit, TUpdate extends { enabled?: boolean }>(
  handle: RegisteredHandle<TMcpkit>,
  apply: (updates: TUpdate) => void,
  live: Record<string, () => unknown>,
): object {
  const official = {
    get enabled() {
      return handle.enabled;
    },
    enable: () => handle.enable(),
    disable: () => handle.disable(),
    remove: () => handle.remove(),
    update: (updates: TUpdate) => {
      apply(updates);
      if (handle.removed) return;
      if (updates.enabled === true) handle.enable();
      else if (updates.enabled === false) handle.disable();
    },
    handle,
  };
  for (const [key, get] of Object.entries(live))
    Object.defineProperty(official, key, { get, enumerable: true });
  return official;
}

const TOOL_FIELDS = ['title', 'description', 'annotations', 'icons', 'execution'] as const;
const TOOL_UPDATE_FIELDS = ['name', 'title', 'description', 'annotations', 'icons'] as const;

export function registerOfficialTool<TState>(
  core: CoreRegistrar<TState>,
  name: string,
  config: OfficialToolConfig<any, any> | OfficialLooseToolConfig,
  callback: OfficialToolCallback<any, TState> | ((...args: any[]) => unknown),
): OfficialRegisteredTool<TState> {
  refuseElsewhereOptions(config, `registerTool('${name}')`);
  let cb = callback as (...args: unknown[]) => unknown;
  // Official callbacks take `(args, extra)` with an input schema and `(extra)` without one.
  let takesArgs = config.inputSchema !== undefined;
  const handler: ToolHandler<any, any, TState> = (args, ctx) => {
    const extra = officialExtra(ctx, 'tools/call');
    return (takesArgs ? cb(args, extra) : cb(extra)) as never;
  };
  const toolConfig: ToolConfig<any, any> = pick(config, TOOL_FIELDS);
  if (config.inputSchema !== undefined) toolConfig.inputSchema = config.inputSchema;
  if (config.outputSchema !== undefined) toolConfig.outputSchema = config.outputSchema;
  if (config._meta !== undefined) toolConfig._meta = config._meta as JSONObject;
  const handle = core.tool(name, toolConfig, handler);
  const apply = (updates: OfficialToolUpdate) => {
    if (updates.name === null) return handle.remove();
    refuseElsewhereOptions(updates, `update of tool '${handle.key}'`);
    const patch: ToolUpdate<TState> = pick(
      updates as Omit<OfficialToolUpdate, 'name'> & { name?: string },
      TOOL_UPDATE_FIELDS,
    );
    if (updates._meta !== undefined) patch._meta = updates._meta as JSONObject;
    if (updates.paramsSchema !== undefined) patch.inputSchema = updates.paramsSchema as SchemaInput;
    if (updates.outputSchema !== undefined) patch.outputSchema = updates.outputSchema as SchemaInput;
    // Compiles new schemas before changing anything: a bad schema throws and leaves the tool as it was.
    if (Object.keys(patch).length > 0) handle.update(patch);
    if (updates.paramsSchema !== undefined) takesArgs = true;
    if (updates.callback !== undefined) cb = updates.callback as typeof cb;
  };
  const executor = async (args: unknown, extra: unknown) => (takesArgs ? cb(args, extra) : cb(extra));
  return officialHandle(handle, apply, {
    handler: () => cb,
    executor: () => executor,
  }) as OfficialRegisteredTool<TState>;
}

const RESOURCE_FIELDS = ['title', 'description', 'mimeType', 'annotations', 'icons', 'size'] as const;

function resourceFields(metadata: OfficialResourceMetadata): Omit<ResourceConfig, 'name'> {
  const fields: Omit<ResourceConfig, 'name'> = pick(metadata, RESOURCE_FIELDS);
  if (metadata._meta !== undefined) fields._meta = metadata._meta as JSONObject;
  return fields;
}

/** The official callbacks get a URL: a URI that cannot be one fails here, naming it, not at read time. */
function parseUri(uri: string, what: string): URL {
  try {
    return new URL(uri);
  } catch (error) {
    throw new TypeError(
      `${what}: ${JSON.stringify(uri)} is not an absolute URI (expected e.g. 'ui://app/view.html')`,
      {
        cause: error,
      },
    );
  }
}

export function registerOfficialResource<TState>(
  core: CoreRegistrar<TState>,
  name: string,
  uriOrTemplate: string | OfficialResourceTemplateLike,
  metadata: OfficialResourceMetadata,
  callback: OfficialReadResourceCallback<TState> | OfficialReadTemplateCallback<TState>,
): OfficialRegisteredResource<TState> | OfficialRegisteredResourceTemplate<TState> {
  refuseElsewhereOptions(metadata, `registerResource('${name}')`);
  if (typeof uriOrTemplate === 'string')
    return fixedResource(
      core,
      name,
      uriOrTemplate,
      metadata,
      callback as OfficialReadResourceCallback<TState>,
    );
  return templateResource(
    core,
    name,
    uriOrTemplate,
    metadata,
    callback as OfficialReadTemplateCallback<TState>,
  );
}

function fixedResource<TState>(
  core: CoreRegistrar<TState>,
  name: string,
  uri: string,
  metadata: OfficialResourceMetadata,
  callback: OfficialReadResourceCallback<TState>,
): OfficialRegisteredResource<TState> {
  parseUri(uri, `registerResource('${name}')`);
  let cb = callback;
  let currentName = name;
  const handle = core.resource(uri, { ...resourceFields(metadata), name }, (requested, ctx) =>
    cb(new URL(requested), officialExtra(ctx, 'resources/read')),
  );
  const apply = (updates: OfficialResourceUpdate) => {
    if (updates.uri === null) return handle.remove();
    const patch: ResourceUpdate<TState> = updates.metadata ? resourceFields(updates.metadata) : {};
    if (updates.name !== undefined) patch.name = updates.name;
    if (updates.title !== undefined) patch.title = updates.title;
    if (updates.uri !== undefined) {
      parseUri(updates.uri, `update of resource '${currentName}'`);
      patch.uri = updates.uri;
    }
    if (Object.keys(patch).length > 0) handle.update(patch);
    if (updates.name !== undefined) currentName = updates.name;
    if (updates.callback !== undefined) cb = updates.callback as typeof cb;
  };
  return officialHandle(handle, apply, {
    name: () => currentName,
    readCallback: () => cb,
  }) as OfficialRegisteredResource<TState>;
}

/** mcpkit completers calling the template's official ones, for each variable that has one. */
function completersOf(template: OfficialResourceTemplateLike, uriTemplate: string) {
  // Parsed again only for its variable names; the server's own limits were applied by resourceTemplate.
  const { variableNames } = new UriTemplateMatcher(uriTemplate, {
    maxTemplateLength: uriTemplate.length,
    maxExpressions: uriTemplate.length,
  });
  const complete: Record<string, Completer> = {};
  for (const variable of variableNames) {
    const official = template.completeCallback(variable);
    if (official !== undefined)
      complete[variable] = (value, { arguments: args }) => official(value, { arguments: args });
  }
  return complete;
}

function templateConfig<TState>(
  name: string,
  template: OfficialResourceTemplateLike,
  metadata: OfficialResourceMetadata,
): ResourceTemplateConfig<TState> {
  const fields = resourceFields(metadata);
  const config: ResourceTemplateConfig<TState> = { ...fields, name };
  const list = template.listCallback;
  if (list !== undefined) {
    // As the official SDK lists them: each resource over the template's metadata.
    config.list = async (ctx: HandlerContext<TState>) => {
      const result = await list(officialExtra(ctx, 'resources/list'));
      return result.resources.map((resource) => ({ ...fields, ...resource }) as ListedResource);
    };
  }
  const complete = completersOf(template, String(template.uriTemplate));
  if (Object.keys(complete).length > 0) config.complete = complete;
  return config;
}

function templateResource<TState>(
  core: CoreRegistrar<TState>,
  name: string,
  template: OfficialResourceTemplateLike,
  metadata: OfficialResourceMetadata,
  callback: OfficialReadTemplateCallback<TState>,
): OfficialRegisteredResourceTemplate<TState> {
  let cb = callback;
  let currentTemplate = template;
  let currentName = name;
  let currentMetadata = metadata;
  const handle = core.resourceTemplate(
    String(template.uriTemplate),
    templateConfig(name, template, metadata),
    (uri, variables, ctx) => cb(new URL(uri), variables, officialExtra(ctx, 'resources/read')),
  );
  const apply = (updates: OfficialResourceTemplateUpdate) => {
    if (updates.name === null) return handle.remove();
    const next = updates.template ?? currentTemplate;
    const nextName = updates.name ?? currentName;
    const nextMetadata = { ...currentMetadata, ...updates.metadata, ...pick(updates, ['title'] as const) };
    const patch: ResourceTemplateUpdate<TState> = templateConfig(nextName, next, nextMetadata);
    // A template without list or complete callbacks drops the old ones.
    patch.list = patch.list ?? undefined;
    patch.complete = patch.complete ?? undefined;
    if (updates.template !== undefined) patch.uriTemplate = String(next.uriTemplate);
    handle.update(patch);
    currentTemplate = next;
    currentName = nextName;
    currentMetadata = nextMetadata;
    if (updates.callback !== undefined) cb = updates.callback as typeof cb;
  };
  return officialHandle(handle, apply, {
    resourceTemplate: () => currentTemplate,
    readCallback: () => cb,
  }) as OfficialRegisteredResourceTemplate<TState>;
}

const PROMPT_FIELDS = ['title', 'description', 'icons'] as const;

export function registerOfficialPrompt<TState>(
  core: CoreRegistrar<TState>,
  name: string,
  config: OfficialPromptConfig<any> | OfficialLoosePromptConfig,
  callback: OfficialPromptCallback<any, TState> | ((...args: any[]) => unknown),
): OfficialRegisteredPrompt<TState> {
  refuseElsewhereOptions(config, `registerPrompt('${name}')`);
  let cb = callback as (...args: unknown[]) => unknown;
  let takesArgs = config.argsSchema !== undefined;
  const handler: PromptHandler<any, TState> = (args, ctx) => {
    const extra = officialExtra(ctx, 'prompts/get');
    return (takesArgs ? cb(args, extra) : cb(extra)) as never;
  };
  const promptConfig: PromptConfig<PromptArgsInput, TState> = pick(config, PROMPT_FIELDS);
  if (config.argsSchema !== undefined) promptConfig.arguments = config.argsSchema as PromptArgsInput;
  if (config._meta !== undefined) promptConfig._meta = config._meta as JSONObject;
  const handle = core.prompt(name, promptConfig, handler);
  const apply = (updates: OfficialPromptUpdate) => {
    if (updates.name === null) return handle.remove();
    const patch: PromptUpdate<TState> = pick(
      updates as Omit<OfficialPromptUpdate, 'name'> & { name?: string },
      ['name', ...PROMPT_FIELDS],
    );
    if (updates._meta !== undefined) patch._meta = updates._meta as JSONObject;
    if (updates.argsSchema !== undefined) patch.arguments = updates.argsSchema as PromptArgsInput;
    if (Object.keys(patch).length > 0) handle.update(patch);
    if (updates.argsSchema !== undefined) takesArgs = true;
    if (updates.callback !== undefined) cb = updates.callback as typeof cb;
  };
  const run = async (args: unknown, extra: unknown) => (takesArgs ? cb(args, extra) : cb(extra));
  return officialHandle(handle, apply, {
    callback: () => cb,
    handler: () => run,
  }) as OfficialRegisteredPrompt<TState>;
}
