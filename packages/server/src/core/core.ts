import type { CacheScope, Implementation, JSONObject, ServerCapabilities } from '@mcpkit/protocol/essentials';
import type { PromptEntry } from '../registry/prompts.js';
import type { Registry } from '../registry/registry.js';
import type { ResourceEntry, TemplateEntry } from '../registry/resources.js';
import type { ToolEntry } from '../registry/tools.js';
import type { CompiledSchema } from '../schema/compile-schema.js';
import type { HandlerContext } from './handler-context.js';
import type { RequestContext } from './request-context.js';
import type { TasksExtension } from './task-extension.js';

// What the method implementations need from the server: the registries and a few services.
// McpServer implements it; the methods never see a connection.

export interface CustomMethodEntry {
  params?: CompiledSchema;
  handler: (params: any, ctx: HandlerContext<any>) => unknown;
}

/** SEP-2549 freshness hints (2026-07-28). */
export interface CacheHints {
  /** How long a client may reuse the result, in milliseconds. */
  ttlMs: number;
  /** `public` lets shared intermediaries cache the result too. */
  cacheScope: CacheScope;
}

/** Where an error reported to `onerror` came from. */
export interface ErrorInfo {
  method?: string;
  /** Tool or prompt name, or resource URI. */
  name?: string;
  sessionId?: string;
}

export interface ServerCore {
  readonly tools: Registry<ToolEntry>;
  readonly resources: Registry<ResourceEntry>;
  readonly templates: Registry<TemplateEntry>;
  readonly prompts: Registry<PromptEntry>;
  readonly customMethods: ReadonlyMap<string, CustomMethodEntry>;
  readonly pageSize: number;
  readonly info: Implementation;
  /** 2026-07-28 cache hints put on list and read results that set none. */
  readonly cacheHints: CacheHints;
  capabilities(): ServerCapabilities;
  /** The 2026-07-28 `server/discover` result. */
  discoverResult(): JSONObject;
  /**
   * Builds the handler context for a request, running the `createContext` hook; a promise only
   * when the hook runs (the tools/call hot path then skips an await).
   */
  handlerContext(ctx: RequestContext): HandlerContext<any> | Promise<HandlerContext<any>>;
  reportError(error: unknown, info: ErrorInfo): void;
  /** Hears list changes and resource updates (see McpServer.listen); returns `unlisten`. */
  listen(listener: (event: ServerEvent) => void): () => void;
  /** Where 2026-07-28 extension tasks live, when the server offers the tasks extension. */
  readonly tasksExtension?: TasksExtension | undefined;
  /** Aborted when the server closes: long-lived requests (subscriptions/listen) end gracefully. */
  readonly closing: AbortSignal;
}

/** A change clients may hear about; stateless adapters relay these to subscriptions/listen streams. */
export type ServerEvent =
  | { type: 'list_changed'; list: 'tools' | 'resources' | 'prompts' }
  | { type: 'resource_updated'; uri: string };

export type MethodImplementation = (
  core: ServerCore,
  params: any,
  ctx: RequestContext,
) => JSONObject | Promise<JSONObject>;
