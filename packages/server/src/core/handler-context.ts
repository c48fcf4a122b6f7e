import type { AuthInfo, MessageExtra } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  CreateMessageResultSchema,
  type ElicitResult,
  ElicitResultSchema,
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
  ListRootsResultSchema,
  LOGGING_LEVELS,
  type LoggingLevel,
  type RequestId,
  type Root,
} from '@mcpkit/protocol/essentials';
import type * as z from 'zod';
import {
  compileSchema,
  describeIssues,
  type JsonSchemaObject,
  type ZodRawShape,
} from '../schema/compile-schema.js';
import type {
  InferStandardOutput,
  StandardSchemaV1,
  StandardSchemaWithJson,
} from '../schema/standard-schema.js';
import { MissingClientCapabilityError, unsupportedByRevision } from './errors.js';
import type { InputRequestOptions } from './input-request.js';
import { type RequestContext, readOnlyMeta } from './request-context.js';
import { atLeast, Since } from './revisions.js';

/** Who is calling: what the client said about itself and what it can do. */
export interface ClientView {
  info?: Implementation;
  capabilities: ClientCapabilities;
  protocolVersion: string;
}

/** Log messages tied to the current request (`notifications/message`), filtered by the client's level. */
export interface RequestLogger {
  /** Sends a log message at the given level, if the client's level lets it through. */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /** Logs at `debug` level. */
  debug(data: unknown, logger?: string): Promise<void>;
  /** Logs at `info` level. */
  info(data: unknown, logger?: string): Promise<void>;
  /** Logs at `notice` level. */
  notice(data: unknown, logger?: string): Promise<void>;
  /** Logs at `warning` level. */
  warning(data: unknown, logger?: string): Promise<void>;
  /** Logs at `error` level. */
  error(data: unknown, logger?: string): Promise<void>;
  /** Logs at `critical` level. */
  critical(data: unknown, logger?: string): Promise<void>;
  /** Logs at `alert` level: action must be taken at once. */
  alert(data: unknown, logger?: string): Promise<void>;
  /** Logs at `emergency` level: the system is unusable. */
  emergency(data: unknown, logger?: string): Promise<void>;
}

/**
 * A form elicitation schema: a zod object (or its shape), another Standard Schema with a JSON
 * Schema conversion (valibot, arktype), or a flat JSON Schema object.
 */
export type ElicitSchemaInput = z.ZodObject | StandardSchemaWithJson | ZodRawShape | JsonSchemaObject;

type ElicitValue = string | number | boolean | string[];
/**
 * The content type of an accepted elicitation, inferred from the zod schema (or raw shape) that asked
 * for it.
 */
export type InferElicit<S> = S extends z.ZodType
  ? z.output<S>
  : S extends StandardSchemaV1
    ? InferStandardOutput<S>
    : S extends ZodRawShape
      ? z.output<z.ZodObject<S>>
      : { [key: string]: ElicitValue };

/** The user's answer to a form elicitation; `content` is typed from the requested schema. */
export type ElicitFormResult<T> =
  | { action: 'accept'; content: T; _meta?: JSONObject }
  | { action: 'decline' | 'cancel'; content?: undefined; _meta?: JSONObject };

/** Options of a URL-mode elicitation: its id, timeout and abort signal. */
export interface UrlElicitOptions extends InputRequestOptions {
  /** Correlates `notifications/elicitation/complete`; generated when omitted. */
  elicitationId?: string;
}

/** What every tool, resource, prompt, completion and custom-method handler receives. */
export interface HandlerContext<TState = undefined> {
  /** Aborted when the client cancels the request or disconnects. */
  signal: AbortSignal;
  requestId?: RequestId;
  sessionId?: string;
  protocolVersion: string;
  client: ClientView;
  /** Authentication the transport established for this request. */
  auth?: AuthInfo;
  /** Transport facts about the request (e.g. HTTP headers). */
  extra?: MessageExtra;
  /**
   * The request's `params._meta` as the client sent it (e.g. a W3C `traceparent`/`tracestate`, a
   * progress token, the 2026-07-28 envelope), read-only: a frozen copy of its top level. Undefined
   * when the request had none. The same on every transport and revision.
   */
  readonly _meta: Readonly<JSONObject> | undefined;
  /** What the server's `createContext` hook returned for this request. */
  state: TState;
  /** Reports progress when the request carried a progress token; otherwise does nothing. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  log: RequestLogger;
  /** Asks the user to fill a form; the accepted content is validated against `schema`. */
  elicit<S extends ElicitSchemaInput>(
    message: string,
    schema: S,
    options?: InputRequestOptions,
  ): Promise<ElicitFormResult<InferElicit<S>>>;
  /** Asks the user to visit a URL (2025-11-25 URL-mode elicitation). */
  elicitUrl(
    message: string,
    url: string,
    options?: UrlElicitOptions,
  ): Promise<ElicitResult & { elicitationId: string }>;
  /** Asks the client's model for a completion. */
  sample(params: CreateMessageRequestParams, options?: InputRequestOptions): Promise<CreateMessageResult>;
  /** Asks the client for its filesystem roots. */
  listRoots(options?: InputRequestOptions): Promise<Root[]>;
  /**
   * 2026-07-28 tasks extension, for tools registered with `taskStart: 'by-handler'`: answers the
   * call with a task now and goes on as that task (questions then reach the client through
   * tasks/get and tasks/update). Resolves false, changing nothing, where the call cannot become a
   * task (older revisions, a client without the extension, a tool without task support).
   */
  startTask(): Promise<boolean>;
}

/** Creates the per-request user state (database handles, the authenticated user, ...). */
export type CreateContext<TState> = (base: HandlerContext<undefined>) => TState | Promise<TState>;

function compileElicitSchema(schema: ElicitSchemaInput) {
  // compileSchema caches by schema object, so a schema defined once is converted once.
  return compileSchema(schema, { io: 'input', label: 'elicitation requestedSchema', requireObject: true });
}

function parseAnswer<T>(schema: z.ZodType<T>, value: JSONObject, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Error(`The client's answer to ${what} is malformed: ${describeIssues(result.error.issues)}`);
}

function formElicitationSupported(capabilities: ClientCapabilities): boolean {
  const elicitation = capabilities.elicitation;
  if (elicitation === undefined) return false;
  // `elicitation: {}` predates modes and means form-only.
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/**
 * One request's HandlerContext. Built for every request, so it allocates little up front and holds
 * few fields: the client view and the logger are made on first read, and methods are getters
 * returning a function bound to this request on each read (kept by none: most handlers read
 * none of them), so handlers may destructure them (`async (args, { progress }) => ...`).
 * `state` starts undefined: the server's `createContext` hook, given this context, sets it.
 */
export class RequestHandlerContext<TState> implements HandlerContext<TState> {
  readonly protocolVersion: string;
  // Declared (an own property, undefined until the hook's state is set), not assigned here.
  state!: TState;
  requestId?: RequestId;
  sessionId?: string;
  auth?: AuthInfo;
  extra?: MessageExtra;
  readonly #ctx: RequestContext;
  #lastProgress: number | undefined;
  #client: ClientView | undefined;
  #logger: RequestLogger | undefined;

  constructor(ctx: RequestContext) {
    this.#ctx = ctx;
    this.protocolVersion = ctx.protocolVersion;
    // Declared fields: own properties (undefined) whether or not the request has them.
    this.requestId = ctx.requestId;
    this.sessionId = ctx.sessionId;
    this.auth = ctx.authInfo;
    this.extra = ctx.extra;
  }

  /** A getter: made for the handlers that read it (most never do). */
  get client(): ClientView {
    if (this.#client === undefined) {
      const ctx = this.#ctx;
      this.#client = { capabilities: ctx.clientCapabilities, protocolVersion: ctx.protocolVersion };
      if (ctx.clientInfo !== undefined) this.#client.info = ctx.clientInfo;
    }
    return this.#client;
  }

  /** A getter: the copy is made only for handlers that read it. */
  get _meta(): Readonly<JSONObject> | undefined {
    return readOnlyMeta(this.#ctx._meta);
  }

  /** A getter: the peer creates the AbortController only for handlers that look at it. */
  get signal(): AbortSignal {
    return this.#ctx.signal;
  }

  get log(): RequestLogger {
    this.#logger ??= createRequestLogger(this.#ctx);
    return this.#logger;
  }

  get progress(): HandlerContext['progress'] {
    return (progress, total, message) => this.#reportProgress(progress, total, message);
  }

  get elicit(): HandlerContext['elicit'] {
    return (message, schema, options) => elicitForm(this.#ctx, message, schema, options);
  }

  get elicitUrl(): HandlerContext['elicitUrl'] {
    return (message, url, options) => elicitUrl(this.#ctx, message, url, options);
  }

  get sample(): HandlerContext['sample'] {
    return (params, options) => sample(this.#ctx, params, options);
  }

  get startTask(): HandlerContext['startTask'] {
    const ctx = this.#ctx;
    return async () => {
      if (ctx.startTask === undefined) return false;
      ctx.startTask();
      return true;
    };
  }

  get listRoots(): HandlerContext['listRoots'] {
    return (options) => listRoots(this.#ctx, options);
  }

  async #reportProgress(progress: number, total?: number, message?: string): Promise<void> {
    // The spec requires progress to increase; a handler that goes backwards has a bug.
    const last = this.#lastProgress;
    if (last !== undefined && !(progress > last)) {
      throw new RangeError(`ctx.progress(${progress}) must be greater than the previous value ${last}`);
    }
    this.#lastProgress = progress;
    const ctx = this.#ctx;
    if (ctx.progressToken === undefined) return;
    const params: JSONObject = { progressToken: ctx.progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && atLeast(ctx.protocolVersion, Since.progressMessage))
      params.message = message;
    await ctx.sendNotification('notifications/progress', params);
  }
}

function createRequestLogger(ctx: RequestContext): RequestLogger {
  const threshold = ctx.logLevel === undefined ? undefined : LOGGING_LEVELS.indexOf(ctx.logLevel);
  const log = async (level: LoggingLevel, data: unknown, logger?: string) => {
    if (threshold === undefined || LOGGING_LEVELS.indexOf(level) < threshold) return;
    const params: JSONObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    await ctx.sendNotification('notifications/message', params);
  };
  const logger = { log } as RequestLogger;
  for (const level of LOGGING_LEVELS) {
    logger[level] = (data: unknown, name?: string) => log(level, data, name);
  }
  return logger;
}

async function elicitForm<S extends ElicitSchemaInput>(
  ctx: RequestContext,
  message: string,
  schema: S,
  options?: InputRequestOptions,
): Promise<ElicitFormResult<InferElicit<S>>> {
  const version = ctx.protocolVersion;
  if (!formElicitationSupported(ctx.clientCapabilities)) {
    throw new MissingClientCapabilityError('Form elicitation (ctx.elicit)', {
      elicitation: { form: {} },
    });
  }
  if (!atLeast(version, Since.elicitation)) throw unsupportedByRevision('Elicitation', '2025-06-18', version);
  const compiled = compileElicitSchema(schema);
  const params: JSONObject = { message, requestedSchema: compiled.jsonSchema };
  if (atLeast(version, Since.urlElicitation)) params.mode = 'form';
  const answer = await ctx.requestInput({ method: 'elicitation/create', params }, options);
  const result = parseAnswer(ElicitResultSchema, answer, 'elicitation/create');
  if (result.action !== 'accept') return result as ElicitFormResult<never>;
  const checked = compiled.validate(result.content ?? {});
  if (!checked.ok) {
    throw new Error(`The user's elicitation answer does not match the requested schema: ${checked.message}`);
  }
  return { ...result, action: 'accept', content: checked.value } as ElicitFormResult<never>;
}

async function elicitUrl(
  ctx: RequestContext,
  message: string,
  url: string,
  options?: UrlElicitOptions,
): Promise<ElicitResult & { elicitationId: string }> {
  const version = ctx.protocolVersion;
  if (ctx.clientCapabilities.elicitation?.url === undefined) {
    throw new MissingClientCapabilityError('URL elicitation (ctx.elicitUrl)', {
      elicitation: { url: {} },
    });
  }
  if (!atLeast(version, Since.urlElicitation))
    throw unsupportedByRevision('URL elicitation', '2025-11-25', version);
  const elicitationId = options?.elicitationId ?? crypto.randomUUID();
  const params: JSONObject = { mode: 'url', message, url };
  // 2026-07-28 dropped elicitationId (the client's retry says the interaction finished).
  if (!isStatelessProtocolVersion(version)) params.elicitationId = elicitationId;
  const answer = await ctx.requestInput({ method: 'elicitation/create', params }, options);
  return { ...parseAnswer(ElicitResultSchema, answer, 'elicitation/create'), elicitationId };
}

async function sample(
  ctx: RequestContext,
  params: CreateMessageRequestParams,
  options?: InputRequestOptions,
): Promise<CreateMessageResult> {
  const version = ctx.protocolVersion;
  const sampling = ctx.clientCapabilities.sampling;
  if (sampling === undefined) {
    throw new MissingClientCapabilityError('Sampling (ctx.sample)', { sampling: {} });
  }
  const wantsContext = params.includeContext !== undefined && params.includeContext !== 'none';
  if (wantsContext && atLeast(version, Since.samplingContextCapability) && sampling.context === undefined) {
    throw new MissingClientCapabilityError(`Sampling with includeContext '${params.includeContext}'`, {
      sampling: { context: {} },
    });
  }
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    if (sampling.tools === undefined) {
      throw new MissingClientCapabilityError('Sampling with tools', { sampling: { tools: {} } });
    }
    if (!atLeast(version, Since.samplingTools))
      throw unsupportedByRevision('Sampling with tools', '2025-11-25', version);
  }
  const answer = await ctx.requestInput(
    { method: 'sampling/createMessage', params: params as JSONObject },
    options,
  );
  return parseAnswer(CreateMessageResultSchema, answer, 'sampling/createMessage');
}

async function listRoots(ctx: RequestContext, options?: InputRequestOptions): Promise<Root[]> {
  if (ctx.clientCapabilities.roots === undefined) {
    throw new MissingClientCapabilityError('Listing roots (ctx.listRoots)', { roots: {} });
  }
  const answer = await ctx.requestInput({ method: 'roots/list' }, options);
  return parseAnswer(ListRootsResultSchema, answer, 'roots/list').roots;
}
