import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { CustomMethodEntry } from './core/core.js';
import { BUILT_IN_METHODS } from './core/dispatch.js';
import type { HandlerContext } from './core/handler-context.js';
import {
  applyPromptUpdate,
  createPromptEntry,
  type PromptArgsInput,
  type PromptConfig,
  type PromptEntry,
  type PromptHandler,
  type PromptUpdate,
} from './registry/prompts.js';
import { type RegisteredHandle, Registry } from './registry/registry.js';
import {
  parseTemplate,
  type ResourceConfig,
  type ResourceEntry,
  type ResourceReadHandler,
  type ResourceTemplateConfig,
  type ResourceTemplateUpdate,
  type ResourceUpdate,
  type TemplateEntry,
  type TemplateReadHandler,
} from './registry/resources.js';
import {
  applyToolUpdate,
  createToolEntry,
  type ToolConfig,
  type ToolEntry,
  type ToolHandler,
  type ToolUpdate,
} from './registry/tools.js';
import { compileSchema, type InferSchema, type SchemaInput } from './schema/compile-schema.js';
import type { UriTemplateLimits } from './uri-template/matcher.js';

/** The handle of a registered tool: `update()`, `enable()`, `disable()` and `remove()`. */
export type RegisteredTool<TState = any> = RegisteredHandle<ToolUpdate<TState>>;
/** The handle of a registered resource: `update()`, `enable()`, `disable()` and `remove()`. */
export type RegisteredResource<TState = any> = RegisteredHandle<ResourceUpdate<TState>>;
/** The handle of a registered resource template: `update()`, `enable()`, `disable()` and `remove()`. */
export type RegisteredResourceTemplate<TState = any> = RegisteredHandle<ResourceTemplateUpdate<TState>>;
/** The handle of a registered prompt: `update()`, `enable()`, `disable()` and `remove()`. */
export type RegisteredPrompt<TState = any> = RegisteredHandle<PromptUpdate<TState>>;

/** A registered custom method; `remove()` unregisters it. */
export interface RegisteredMethod {
  readonly method: string;
  /** Unregisters the method; later calls get -32601. */
  remove(): void;
}

/** Handles a request of a method the server registered itself (beyond the MCP methods). */
export type CustomMethodHandler<P, TState> = (
  params: P,
  ctx: HandlerContext<TState>,
) => JSONObject | Promise<JSONObject>;

/**
 * The registration half of McpServer: everything here runs once, when the server is built (or
 * whenever the application changes what it offers), never per request.
 */
export abstract class Registration<TState> {
  readonly tools: Registry<ToolEntry>;
  readonly resources: Registry<ResourceEntry>;
  readonly templates: Registry<TemplateEntry>;
  readonly prompts: Registry<PromptEntry>;
  protected readonly methods = new Map<string, CustomMethodEntry>();
  readonly #templateLimits: UriTemplateLimits | undefined;

  constructor(templateLimits: UriTemplateLimits | undefined) {
    this.#templateLimits = templateLimits;
    this.tools = new Registry('tool', () => this.listChanged('tools'));
    this.resources = new Registry('resource', () => this.listChanged('resources'));
    this.templates = new Registry('resource template', () => this.listChanged('resources'));
    this.prompts = new Registry('prompt', () => this.listChanged('prompts'));
  }

  /** Called whenever a registration changes what a list method returns. */
  protected abstract listChanged(kind: 'tools' | 'resources' | 'prompts'): void;

  /** Registers a tool. Its schemas are converted and compiled here, once. */
  tool<I extends SchemaInput | undefined = undefined, O extends SchemaInput | undefined = undefined>(
    name: string,
    config: ToolConfig<I, O>,
    handler: ToolHandler<I, O, TState>,
  ): RegisteredTool<TState> {
    const { entry, config: stored } = createToolEntry(
      this.tools.nextSeq(),
      name,
      config,
      handler as ToolEntry['handler'],
    );
    this.tools.add(entry, config.visible);
    return this.tools.handle<ToolUpdate<TState>>(entry, (patch) =>
      applyToolUpdate(entry, stored, patch, (newName) => this.tools.rekey(entry, newName)),
    );
  }

  /** Registers a resource with a fixed URI. */
  resource(
    uri: string,
    config: ResourceConfig,
    read: ResourceReadHandler<TState>,
  ): RegisteredResource<TState> {
    const entry: ResourceEntry = {
      key: uri,
      seq: this.resources.nextSeq(),
      enabled: true,
      config: { ...config },
      read,
    };
    this.resources.add(entry, config.visible);
    return this.resources.handle<ResourceUpdate<TState>>(entry, (patch) => {
      const { uri: newUri, read: newRead, ...rest } = patch;
      if (newUri !== undefined) this.resources.rekey(entry, newUri);
      Object.assign(entry.config, rest);
      if (newRead !== undefined) entry.read = newRead;
    });
  }

  /** Registers an RFC 6570 resource template; reads of matching URIs receive the variables. */
  resourceTemplate(
    uriTemplate: string,
    config: ResourceTemplateConfig<TState>,
    read: TemplateReadHandler<TState>,
  ): RegisteredResourceTemplate<TState> {
    const template = parseTemplate(uriTemplate, this.#templateLimits);
    const entry: TemplateEntry = {
      key: uriTemplate,
      seq: this.templates.nextSeq(),
      enabled: true,
      template,
      config: { ...config },
      read,
    };
    this.templates.add(entry, config.visible);
    return this.templates.handle<ResourceTemplateUpdate<TState>>(entry, (patch) => {
      const { uriTemplate: newTemplate, read: newRead, ...rest } = patch;
      if (newTemplate !== undefined) {
        const parsed = parseTemplate(newTemplate, this.#templateLimits);
        this.templates.rekey(entry, newTemplate);
        entry.template = parsed;
      }
      Object.assign(entry.config, rest);
      if (newRead !== undefined) entry.read = newRead;
    });
  }

  /** Registers a prompt; schema arguments type the handler and are validated (-32602 on failure). */
  prompt<A extends PromptArgsInput | undefined = undefined>(
    name: string,
    config: PromptConfig<A, TState>,
    handler: PromptHandler<A, TState>,
  ): RegisteredPrompt<TState> {
    const entry = createPromptEntry(this.prompts.nextSeq(), name, config, handler as PromptEntry['handler']);
    this.prompts.add(entry, config.visible);
    return this.prompts.handle<PromptUpdate<TState>>(entry, (patch) =>
      applyPromptUpdate(entry, patch, (newName) => this.prompts.rekey(entry, newName)),
    );
  }

  /**
   * Registers a custom JSON-RPC method (outside the MCP spec). Params are validated against
   * `params` (zod, another Standard Schema, or JSON Schema) with -32602 on failure; the handler returns the result object.
   */
  method<S extends SchemaInput>(
    method: string,
    params: S,
    handler: CustomMethodHandler<InferSchema<S>, TState>,
  ): RegisteredMethod;
  method(method: string, handler: CustomMethodHandler<JSONObject, TState>): RegisteredMethod;
  method(
    method: string,
    paramsOrHandler: SchemaInput | CustomMethodHandler<any, TState>,
    maybeHandler?: CustomMethodHandler<any, TState>,
  ): RegisteredMethod {
    if (BUILT_IN_METHODS.has(method) || method.startsWith('notifications/')) {
      throw new TypeError(`Cannot register custom method '${method}': the name belongs to MCP`);
    }
    if (this.methods.has(method)) throw new TypeError(`Custom method '${method}' is already registered`);
    const entry: CustomMethodEntry =
      typeof paramsOrHandler === 'function'
        ? { handler: paramsOrHandler }
        : {
            params: compileSchema(paramsOrHandler, { io: 'input', label: `method '${method}' params` }),
            handler: maybeHandler!,
          };
    if (typeof entry.handler !== 'function')
      throw new TypeError(`Custom method '${method}' needs a handler function`);
    this.methods.set(method, entry);
    return {
      method,
      remove: () => {
        if (this.methods.get(method) === entry) this.methods.delete(method);
      },
    };
  }
}
