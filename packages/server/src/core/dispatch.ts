import { JsonRpcError, toJsonRpcError } from '@mcpkit/jsonrpc';
import {
  CallToolRequestParamsSchema,
  CompleteRequestParamsSchema,
  formatZodError,
  GetPromptRequestParamsSchema,
  isStatelessProtocolVersion,
  type JSONObject,
  MetaKey,
  PaginatedRequestParamsSchema,
  ReadResourceRequestParamsSchema,
  RequestParamsSchema,
  ResourceRequestParamsSchema,
  type ServerCapabilities,
  SetLevelRequestParamsSchema,
  SubscriptionsListenRequestParamsSchema,
  TaskIdParamsSchema,
} from '@mcpkit/protocol/essentials';
import type * as z from 'zod';
import type { MethodImplementation, ServerCore } from './core.js';
import type { InputRequest } from './input-request.js';
import { complete } from './methods-completion.js';
import { getPrompt, listPrompts } from './methods-prompts.js';
import {
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from './methods-resources.js';
import { listen } from './methods-subscriptions.js';
import { callTool, listTools } from './methods-tools.js';
import { isPlainToolCallParams } from './plain-params.js';
import { InputRequiredSignal, type RequestContext } from './request-context.js';
import { isPlainValidRequestMeta } from './request-meta.js';

/** What the core answers for one request. */
export type HandleOutcome =
  | { type: 'result'; result: JSONObject }
  | { type: 'error'; error: JsonRpcError }
  | { type: 'input_required'; inputRequests: Record<string, InputRequest>; requestState?: string };

/** The request the core handles: a method and its (untrusted) params. */
export interface CoreRequest {
  method: string;
  params?: JSONObject | undefined;
}

interface MethodSpec {
  params: z.ZodType;
  /** The server capability that must be declared for the method to exist. */
  capability?: keyof ServerCapabilities;
  /** Removed in 2026-07-28 (the stateless revision). */
  statefulOnly?: boolean;
  /** New in 2026-07-28. */
  statelessOnly?: boolean;
  /** Params may be left out. */
  optional?: true;
  /** A hand-written check for the common params shape, trusted instead of `params` when it says yes. */
  plainParams?: (params: JSONObject) => boolean;
  run: MethodImplementation;
}

// The schemas are protocol stand-ins built on first use, and the common shapes never reach them, so
// a server builds none of them before its first unusual request (startup to the first answer).
// `RequestParams` is a loose object whose only field is `_meta`, which the caller vouches for; an
// array (a stateless POST is not checked by a peer) goes on to the schema's error.
const anyParams = (params: JSONObject) => !Array.isArray(params);
const cursorParams = (params: JSONObject) =>
  anyParams(params) && (params.cursor === undefined || typeof params.cursor === 'string');
const OptionalPaginated = {
  params: PaginatedRequestParamsSchema,
  optional: true,
  plainParams: cursorParams,
} as const;

// No prototype (`null` is the type's nod to that entry): a method name is looked up with one keyed
// load, no hasOwn call per request, and names such as 'toString' or '__proto__' find nothing.
const METHODS: Record<string, MethodSpec | null> = {
  __proto__: null,
  ping: {
    params: RequestParamsSchema,
    optional: true,
    plainParams: anyParams,
    statefulOnly: true,
    run: () => ({}),
  },
  // Answered by the session that receives it (it keeps what was negotiated), inside the chain;
  // -32601 where there is none (2026-07-28 requests have no session).
  initialize: {
    params: RequestParamsSchema,
    plainParams: anyParams,
    run: (_core, params: JSONObject, ctx) => {
      if (!ctx.session?.initialize) throw JsonRpcError.methodNotFound('initialize');
      return ctx.session.initialize(params);
    },
  },
  'server/discover': {
    params: RequestParamsSchema,
    optional: true,
    plainParams: anyParams,
    run: (core) => core.discoverResult(),
  },
  'tools/list': { ...OptionalPaginated, capability: 'tools', run: listTools },
  'tools/call': {
    params: CallToolRequestParamsSchema,
    plainParams: isPlainToolCallParams,
    capability: 'tools',
    run: callTool,
  },
  'resources/list': { ...OptionalPaginated, capability: 'resources', run: listResources },
  'resources/templates/list': {
    ...OptionalPaginated,
    capability: 'resources',
    run: listResourceTemplates,
  },
  'resources/read': { params: ReadResourceRequestParamsSchema, capability: 'resources', run: readResource },
  'resources/subscribe': {
    params: ResourceRequestParamsSchema,
    capability: 'resources',
    statefulOnly: true,
    run: subscribe,
  },
  'resources/unsubscribe': {
    params: ResourceRequestParamsSchema,
    capability: 'resources',
    statefulOnly: true,
    run: unsubscribe,
  },
  'prompts/list': { ...OptionalPaginated, capability: 'prompts', run: listPrompts },
  'prompts/get': { params: GetPromptRequestParamsSchema, capability: 'prompts', run: getPrompt },
  // Stateful sessions answer 2025-11-25 tasks; 2026-07-28 requests the tasks extension (SEP-2663).
  'tasks/get': { params: TaskIdParamsSchema, run: taskMethod('get') },
  'tasks/update': { params: RequestParamsSchema, statelessOnly: true, run: taskMethod('update') },
  'tasks/result': {
    params: TaskIdParamsSchema,
    capability: 'tasks',
    statefulOnly: true,
    run: taskMethod('result'),
  },
  'tasks/cancel': { params: TaskIdParamsSchema, run: taskMethod('cancel') },
  'tasks/list': {
    ...OptionalPaginated,
    capability: 'tasks',
    statefulOnly: true,
    run: taskMethod('list'),
  },
  'subscriptions/listen': {
    params: SubscriptionsListenRequestParamsSchema,
    statelessOnly: true,
    run: listen,
  },
  'completion/complete': { params: CompleteRequestParamsSchema, capability: 'completions', run: complete },
  'logging/setLevel': {
    params: SetLevelRequestParamsSchema,
    capability: 'logging',
    statefulOnly: true,
    run: async (_core, params: { level: never }, ctx) => {
      if (ctx.session === undefined) throw JsonRpcError.methodNotFound('logging/setLevel');
      ctx.session.setLogLevel(params.level);
      return {};
    },
  },
};

/**
 * tasks/* answered by the session's task store (-32601 where tasks cannot live), or in 2026-07-28
 * by the tasks extension's store.
 */
function taskMethod(operation: 'get' | 'update' | 'result' | 'cancel' | 'list'): MethodImplementation {
  return async (core, params: { taskId?: string; cursor?: string } | undefined, ctx) => {
    const method = `tasks/${operation}`;
    if (isStatelessProtocolVersion(ctx.protocolVersion)) {
      const extension = core.tasksExtension;
      if (extension === undefined) throw JsonRpcError.methodNotFound(method);
      return extension.answer(method, params as JSONObject | undefined, ctx);
    }
    const tasks = ctx.tasks;
    if (core.capabilities().tasks === undefined || tasks === undefined)
      throw JsonRpcError.methodNotFound(method);
    if (operation === 'list') return tasks.list(params?.cursor);
    const taskId = params?.taskId as string;
    if (operation === 'get') return tasks.get(taskId);
    if (operation === 'cancel') return tasks.cancel(taskId);
    return tasks.result(taskId, ctx.requestId);
  };
}

/** Method names the core answers itself (custom methods may not reuse them). */
export const BUILT_IN_METHODS: ReadonlySet<string> = new Set(Object.keys(METHODS));

function validateParams(spec: MethodSpec, method: string, params: JSONObject | undefined): unknown {
  if (params === undefined && spec.optional) return params;
  const schema = spec.params;
  // A `_meta` the hand-written check vouches for is kept out of the schema's way: on the
  // 2026-07-28 wire it carries the client's capabilities and info on every request, and parsing
  // it again cost as much as the rest of the params. The method's own fields are checked as ever.
  const meta = params?._meta;
  const plainMeta = meta !== undefined && isPlainValidRequestMeta(meta);
  // Both checks vouch for the params as the schema would return them: no copy needed.
  if (params !== undefined && (meta === undefined || plainMeta) && spec.plainParams?.(params)) return params;
  if (plainMeta) {
    const { _meta, ...rest } = params!;
    const result = schema.safeParse(rest);
    if (result.success) {
      (result.data as JSONObject)._meta = meta as JSONObject;
      return result.data;
    }
  }
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const detail = formatZodError(result.error, params, { pathPrefix: ['params'] });
  throw JsonRpcError.invalidParams(`Invalid params for '${method}': ${detail}`);
}

async function runCustom(
  core: ServerCore,
  method: string,
  params: JSONObject | undefined,
  ctx: RequestContext,
): Promise<JSONObject> {
  const custom = core.customMethods.get(method);
  if (custom === undefined) throw JsonRpcError.methodNotFound(method);
  let value: unknown = params ?? {};
  if (custom.params !== undefined) {
    const checked = custom.params.validate(value);
    if (!checked.ok) throw JsonRpcError.invalidParams(`Invalid params for '${method}': ${checked.message}`);
    value = checked.value;
  }
  const result = await custom.handler(value, await core.handlerContext(ctx));
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw new TypeError(
      `Handler of custom method '${method}' returned ${result === null ? 'null' : typeof result}; expected an object`,
    );
  }
  return result as JSONObject;
}

/**
 * The I/O-free core: answers one request from the registry and the explicit context. Never
 * throws; every failure becomes an error outcome with the right JSON-RPC code. Not async: when
 * every step answered synchronously (a tool handler that returns a plain value, as most do) the
 * outcome comes back as is, since async frames here cost a promise, a microtask and a compiled
 * state machine each on every request.
 */
export function handleRequestNow(
  core: ServerCore,
  request: CoreRequest,
  ctx: RequestContext,
): HandleOutcome | Promise<HandleOutcome> {
  const { method, params } = request;
  let result: JSONObject | Promise<JSONObject>;
  // Running the method written out here (no function of its own): this runs on every request.
  // A built-in method's own promise is awaited once, below.
  try {
    const spec = METHODS[method];
    if (!spec) result = runCustom(core, method, params, ctx);
    else {
      // A method of one era is refused in the other (stateful-only when stateless, and the
      // reverse); the revision is asked about only for those (not tools/call).
      if (
        ((spec.statefulOnly || spec.statelessOnly) &&
          !spec.statelessOnly === isStatelessProtocolVersion(ctx.protocolVersion)) ||
        (spec.capability !== undefined && core.capabilities()[spec.capability] === undefined)
      )
        throw JsonRpcError.methodNotFound(method);
      result = spec.run(core, validateParams(spec, method, params), ctx);
    }
  } catch (error) {
    return failureOutcome(core, request, ctx, error);
  }
  if (result instanceof Promise) {
    return result.then(
      (value) => resultOutcome(core, request, ctx, value),
      (error: unknown) => failureOutcome(core, request, ctx, error),
    );
  }
  return resultOutcome(core, request, ctx, result);
}

/** @internal A result outcome, completed as 2026-07-28 asks (a failure to do so is an error outcome). */
export function resultOutcome(
  core: ServerCore,
  request: CoreRequest,
  ctx: RequestContext,
  result: JSONObject,
): HandleOutcome {
  if (!isStatelessProtocolVersion(ctx.protocolVersion)) return { type: 'result', result };
  try {
    return { type: 'result', result: completeStatelessResult(core, request.method, result) };
  } catch (error) {
    return failureOutcome(core, request, ctx, error);
  }
}

function failureOutcome(
  core: ServerCore,
  request: CoreRequest,
  ctx: RequestContext,
  error: unknown,
): HandleOutcome {
  if (error instanceof InputRequiredSignal) {
    const { inputRequests, requestState } = error;
    return { type: 'input_required', inputRequests, requestState };
  }
  if (!(error instanceof JsonRpcError) && !ctx.signal.aborted) {
    core.reportError(error, { method: request.method, sessionId: ctx.sessionId });
  }
  return { type: 'error', error: toJsonRpcError(error) };
}

/** Results whose 2026-07-28 shape carries cache hints (SEP-2549). */
const CACHEABLE_METHODS = new Set([
  // The 2026-07-28 schema requires ttlMs and cacheScope on DiscoverResult too.
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * 2026-07-28 results say `resultType`, name the server in `_meta` and, for lists and reads, carry
 * cache hints; handlers may set their own, which win. Idempotent: a middleware's own answer goes
 * through it again.
 */
function completeStatelessResult(core: ServerCore, method: string, result: JSONObject): JSONObject {
  // Object.assign and keyed stores, not spreads: on this per-request path spreading the result and
  // a `{ [key]: … }` literal cost twice as much, JSON encoding of the answer included (measured).
  const completed: JSONObject = Object.assign({}, result);
  completed.resultType ??= 'complete';
  const meta: JSONObject = {};
  meta[MetaKey.ServerInfo] = core.info;
  if (result._meta != null) Object.assign(meta, result._meta);
  completed._meta = meta;
  if (CACHEABLE_METHODS.has(method)) {
    completed.ttlMs ??= core.cacheHints.ttlMs;
    completed.cacheScope ??= core.cacheHints.cacheScope;
  }
  return completed;
}

/** The tool/prompt name or resource URI a request is about, for instrumentation. */
export function requestSubject(request: CoreRequest): string | undefined {
  const params = request.params;
  // A completion names its prompt or resource in `ref`.
  for (const named of [params, params?.ref as { name?: unknown; uri?: unknown } | undefined]) {
    if (typeof named?.name === 'string') return named.name;
    if (typeof named?.uri === 'string') return named.uri;
  }
  return undefined;
}
