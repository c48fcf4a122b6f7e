import type {
  CallToolResult,
  GetPromptResult,
  Icon,
  ListResourcesResult,
  ReadResourceResult,
  ToolAnnotations,
  ToolExecution,
} from '@mcpkit/protocol/essentials';
import type {
  PromptArgs,
  PromptArgsInput,
  PromptConfig,
  PromptHandler,
  PromptUpdate,
} from '../registry/prompts.js';
import type { RegisteredHandle } from '../registry/registry.js';
import type {
  ResourceConfig,
  ResourceReadHandler,
  ResourceTemplateConfig,
  ResourceTemplateUpdate,
  ResourceUpdate,
  TemplateReadHandler,
} from '../registry/resources.js';
import type { ToolArgs, ToolConfig, ToolHandler, ToolUpdate } from '../registry/tools.js';
import type { SchemaInput } from '../schema/compile-schema.js';
import type { UriVariables } from '../uri-template/matcher.js';
import type { OfficialHandlerExtra } from './official-extra.js';

// registerTool / registerResource / registerPrompt with the official SDK's signatures, so code and
// helper libraries written for it (typed against `Pick<McpServer, 'registerTool'>`) run on mcpkit.
// Each is a thin alias: it translates the config and wraps the callback, then registers through
// McpServer's own tool / resource / resourceTemplate / prompt, so there is one code path.

/** The registrations the aliases go through: McpServer's own methods. */
export interface CoreRegistrar<TState> {
  tool(
    name: string,
    config: ToolConfig<any, any>,
    handler: ToolHandler<any, any, TState>,
  ): RegisteredHandle<ToolUpdate<TState>>;
  resource(
    uri: string,
    config: ResourceConfig,
    read: ResourceReadHandler<TState>,
  ): RegisteredHandle<ResourceUpdate<TState>>;
  resourceTemplate(
    uriTemplate: string,
    config: ResourceTemplateConfig<TState>,
    read: TemplateReadHandler<TState>,
  ): RegisteredHandle<ResourceTemplateUpdate<TState>>;
  prompt(
    name: string,
    config: PromptConfig<any, TState>,
    handler: PromptHandler<any, TState>,
  ): RegisteredHandle<PromptUpdate<TState>>;
}

/** The official `registerTool` config; `inputSchema`/`outputSchema` take what `tool()` takes. */
export interface OfficialToolConfig<I extends SchemaInput | undefined, O extends SchemaInput | undefined> {
  title?: string;
  description?: string;
  inputSchema?: I;
  outputSchema?: O;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: ToolExecution;
  _meta?: { [key: string]: unknown };
}

/** An official tool callback: `(args, extra)` with an `inputSchema`, `(extra)` without one. */
export type OfficialToolCallback<I extends SchemaInput | undefined, TState = any> = I extends SchemaInput
  ? (args: ToolArgs<I>, extra: OfficialHandlerExtra<TState>) => CallToolResult | Promise<CallToolResult>
  : (extra: OfficialHandlerExtra<TState>) => CallToolResult | Promise<CallToolResult>;

/**
 * The changes an official tool handle's `update` accepts; `name: null` removes the tool. Schemas and
 * callbacks are typed loosely so that the official SDKs' handle types, which name their own schema
 * and context types, accept this handle; they are checked when the update is applied.
 */
export interface OfficialToolUpdate {
  name?: string | null;
  title?: string;
  description?: string;
  /** A new input schema: any schema `tool()` takes, checked when applied (typed loosely, see below). */
  paramsSchema?: unknown;
  /** A new output schema: any schema `tool()` takes, checked when applied. */
  outputSchema?: unknown;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: { [key: string]: unknown };
  /** The new callback (typed loosely, as the official update types name their own context). */
  callback?: (...args: any[]) => unknown;
  enabled?: boolean;
}

/** Fields every official-shaped handle has, over mcpkit's handle (`handle`). */
export interface OfficialHandleBase<TUpdate, TMcpkitUpdate> {
  readonly enabled: boolean;
  /** Shows the registration again after `disable()`. */
  enable(): void;
  /** Hides the registration from lists and refuses calls to it until `enable()`. */
  disable(): void;
  /** Unregisters for good. */
  remove(): void;
  /** Applies official-shaped changes; `enabled` in them is applied last. */
  update(updates: TUpdate): void;
  /** mcpkit's handle of the same registration (`key`, `removed`, mcpkit-shaped `update`). */
  readonly handle: RegisteredHandle<TMcpkitUpdate>;
}

/** What `registerTool` returns: the official handle's shape over mcpkit's handle. */
export interface OfficialRegisteredTool<TState = any>
  extends OfficialHandleBase<OfficialToolUpdate, ToolUpdate<TState>> {
  /** The callback as registered (the official handle exposes it too). */
  readonly handler: (...args: any[]) => any;
  /**
   * Calls the callback as registered, `(args, extra)` or `(extra)`, without validation or result
   * shaping (the official SDK v2 handle has this internal member; its handle type requires it).
   */
  readonly executor: (args: unknown, extra: any) => Promise<any>;
}

/**
 * The `registerTool` config as helper libraries typed against the official SDK pass it: their
 * schema types (zod 3 included) and callbacks name the official SDK's own types, which mcpkit's
 * cannot be assignable to, so this form is checked at run time only (the same checks as `tool()`).
 */
export interface OfficialLooseToolConfig {
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: ToolExecution;
  _meta?: { [key: string]: unknown };
}

/** Resource metadata as the official SDK takes it: a Resource without `uri` and `name`. */
export type OfficialResourceMetadata = Omit<ResourceConfig, 'name' | '_meta'> & {
  _meta?: { [key: string]: unknown };
};

/** Reads a fixed-URI resource; the URI arrives as a `URL`, as the official SDK passes it. */
export type OfficialReadResourceCallback<TState = any> = (
  uri: URL,
  extra: OfficialHandlerExtra<TState>,
) => ReadResourceResult | Promise<ReadResourceResult>;

/** Reads a URI matched by a template; the URI arrives as a `URL` with the matched variables. */
export type OfficialReadTemplateCallback<TState = any> = (
  uri: URL,
  variables: UriVariables,
  extra: OfficialHandlerExtra<TState>,
) => ReadResourceResult | Promise<ReadResourceResult>;

/** Completes one template variable (the official `CompleteResourceTemplateCallback`). */
export type OfficialCompleteCallback = (
  value: string,
  context?: { arguments?: Record<string, string> },
) => string[] | Promise<string[]>;

/** Enumerates the resources a template offers (the official `ListResourcesCallback`). */
export type OfficialListResourcesCallback = (
  extra: OfficialHandlerExtra<any>,
) => ListResourcesResult | Promise<ListResourcesResult>;

/**
 * A resource template as `registerResource` takes it: mcpkit's {@link ResourceTemplate} or the
 * official SDK's (either has these members).
 */
export interface OfficialResourceTemplateLike {
  readonly uriTemplate: {
    /** The RFC 6570 template text. */
    toString(): string;
  };
  readonly listCallback: OfficialListResourcesCallback | undefined;
  /** The completer of one template variable, if the template has one. */
  completeCallback(variable: string): OfficialCompleteCallback | undefined;
}

/**
 * The official SDK's `ResourceTemplate`, for code moving over: `new ResourceTemplate('users://{id}',
 * { list: undefined, complete: { id: ... } })`. `list` is required, as there, even if undefined.
 */
export class ResourceTemplate implements OfficialResourceTemplateLike {
  readonly uriTemplate: {
    /** The RFC 6570 template text. */
    toString(): string;
  };
  readonly #callbacks: {
    list: OfficialListResourcesCallback | undefined;
    complete?: Record<string, OfficialCompleteCallback>;
  };

  constructor(
    uriTemplate: string,
    callbacks: {
      list: OfficialListResourcesCallback | undefined;
      complete?: Record<string, OfficialCompleteCallback>;
    },
  ) {
    this.uriTemplate = uriTemplate;
    this.#callbacks = callbacks;
  }

  get listCallback(): OfficialListResourcesCallback | undefined {
    return this.#callbacks.list;
  }

  /** The completer of one template variable, if the template has one. */
  completeCallback(variable: string): OfficialCompleteCallback | undefined {
    return this.#callbacks.complete?.[variable];
  }
}

/**
 * What `registerResource` returns for a template to helper libraries typed against the official
 * SDK: its `ResourceTemplate` class has private members, so only `any` stands for it.
 */
export type OfficialLooseRegisteredResourceTemplate<TState = any> =
  OfficialRegisteredResourceTemplate<TState> & {
    readonly resourceTemplate: any;
  };

/** The changes an official resource handle's `update` accepts; `uri: null` removes the resource. */
export interface OfficialResourceUpdate {
  name?: string;
  title?: string;
  uri?: string | null;
  metadata?: OfficialResourceMetadata;
  /** The new read callback (typed loosely, as the official update types name their own context). */
  callback?: (...args: any[]) => unknown;
  enabled?: boolean;
}

/** What `registerResource` returns for a fixed URI. */
export interface OfficialRegisteredResource<TState = any>
  extends OfficialHandleBase<OfficialResourceUpdate, ResourceUpdate<TState>> {
  readonly name: string;
  /** The read callback as registered (typed loosely, as the official handle types name their own context). */
  readonly readCallback: (...args: any[]) => any;
}

/** The changes an official template handle's `update` accepts; `name: null` removes the template. */
export interface OfficialResourceTemplateUpdate {
  name?: string | null;
  title?: string;
  template?: OfficialResourceTemplateLike;
  metadata?: OfficialResourceMetadata;
  /** The new read callback (typed loosely, as the official update types name their own context). */
  callback?: (...args: any[]) => unknown;
  enabled?: boolean;
}

/** What `registerResource` returns for a template. */
export interface OfficialRegisteredResourceTemplate<TState = any>
  extends OfficialHandleBase<OfficialResourceTemplateUpdate, ResourceTemplateUpdate<TState>> {
  readonly resourceTemplate: OfficialResourceTemplateLike;
  /** The read callback as registered (typed loosely, as the official handle types name their own context). */
  readonly readCallback: (...args: any[]) => any;
}

/** The official `registerPrompt` config; `argsSchema` takes what `prompt()`'s `arguments` takes. */
export interface OfficialPromptConfig<A extends PromptArgsInput | undefined> {
  title?: string;
  description?: string;
  argsSchema?: A;
  icons?: Icon[];
  _meta?: { [key: string]: unknown };
}

/** An official prompt callback: `(args, extra)` with an `argsSchema`, `(extra)` without one. */
export type OfficialPromptCallback<
  A extends PromptArgsInput | undefined,
  TState = any,
> = A extends PromptArgsInput
  ? (args: PromptArgs<A>, extra: OfficialHandlerExtra<TState>) => GetPromptResult | Promise<GetPromptResult>
  : (extra: OfficialHandlerExtra<TState>) => GetPromptResult | Promise<GetPromptResult>;

/** The changes an official prompt handle's `update` accepts; `name: null` removes the prompt. */
export interface OfficialPromptUpdate {
  name?: string | null;
  title?: string;
  description?: string;
  /** New arguments: anything `prompt()`'s `arguments` takes, checked when applied. */
  argsSchema?: unknown;
  icons?: Icon[];
  _meta?: { [key: string]: unknown };
  /** The new callback (typed loosely, as the official update types name their own context). */
  callback?: (...args: any[]) => unknown;
  enabled?: boolean;
}

/** What `registerPrompt` returns. */
export interface OfficialRegisteredPrompt<TState = any>
  extends OfficialHandleBase<OfficialPromptUpdate, PromptUpdate<TState>> {
  /** The callback as registered (the official v1 handle exposes it). */
  readonly callback: (...args: any[]) => any;
  /**
   * Calls the callback as registered, `(args, extra)` or `(extra)`, without validation or result
   * shaping (the official SDK v2 handle has this internal member; its handle type requires it).
   */
  readonly handler: (args: unknown, extra: any) => Promise<any>;
}

/** The `registerPrompt` config as helper libraries typed against the official SDK pass it. */
export interface OfficialLoosePromptConfig {
  title?: string;
  description?: string;
  argsSchema?: unknown;
  icons?: Icon[];
  _meta?: { [key: string]: unknown };
}
