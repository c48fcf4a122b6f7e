import type { AuthInfo } from '@mcpkit/jsonrpc';
import {
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type JSONObject,
  LOGGING_LEVELS,
  type LoggingLevel,
  type RequestId,
} from '@mcpkit/protocol/essentials';
import type { HandlerContext } from '../core/handler-context.js';
import { describeIssues } from '../schema/compile-schema.js';
import type { StandardSchemaProps } from '../schema/standard-schema.js';

// The `extra` (official SDK v1) / `ctx` (official SDK v2) argument that callbacks registered with
// registerTool, registerResource and registerPrompt receive, built from mcpkit's handler context of
// the same request. mcpkit's context hides the raw channel to the client on purpose (notifications
// and questions go through ctx.log, ctx.progress, ctx.elicit, ctx.sample, ctx.listRoots, which check
// capabilities and revisions), so sendNotification and sendRequest serve the methods those cover.

/** A notification as official handlers send it: `{ method, params }`. */
export interface OfficialNotification {
  method: string;
  params?: { [key: string]: unknown };
}

/** A request as official handlers send it: `{ method, params }`. */
export interface OfficialRequest {
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * What callbacks registered with `registerTool`, `registerResource` and `registerPrompt` receive as
 * their last argument: the fields of the official SDK v1 `RequestHandlerExtra` that handlers use, the
 * `mcpReq` and `http` groups of the official SDK v2 `ServerContext`, and mcpkit's own context as `ctx`.
 * Members are methods (not function-typed properties) so that the official SDKs' callback types,
 * which name their own context types, accept this one.
 */
export interface OfficialHandlerExtra<TState = any> {
  /** Aborted when the client cancels the request or disconnects. */
  signal: AbortSignal;
  /** The JSON-RPC id of the request (`''` for a request served without one, e.g. `server.handle`). */
  requestId: RequestId;
  sessionId?: string;
  /** Authentication the transport established for this request. */
  authInfo?: AuthInfo;
  /** The request's `_meta`, where the handler context carries it (`ctx._meta`); undefined otherwise. */
  _meta?: { [key: string]: unknown };
  /**
   * Sends `notifications/message` (through `ctx.log`, so the client's log level applies) or
   * `notifications/progress` (through `ctx.progress`, with the request's own progress token);
   * any other method is refused with a TypeError.
   */
  sendNotification(notification: OfficialNotification): Promise<void>;
  /**
   * Sends `sampling/createMessage` (`ctx.sample`), `elicitation/create` (`ctx.elicit` or
   * `ctx.elicitUrl`) or `roots/list` (`ctx.listRoots`); any other method is refused with a TypeError.
   * A `resultSchema` (zod or any Standard Schema) parses the answer.
   */
  sendRequest(request: OfficialRequest, resultSchema?: unknown, options?: unknown): Promise<any>;
  /** The official SDK v2 grouping of the same request facts and channels. */
  mcpReq: {
    id: RequestId;
    method: string;
    _meta?: { [key: string]: unknown };
    signal: AbortSignal;
    /**
     * Always undefined: mcpkit seals and reads 2026-07-28 request state itself, and handlers ask
     * questions with `ctx.elicit` and the like.
     */
    requestState<T = unknown>(): T | undefined;
    /** `sendRequest` under its v2 name (the second argument may be request options, ignored). */
    send(request: OfficialRequest, resultSchemaOrOptions?: unknown, options?: unknown): Promise<any>;
    /** `sendNotification` under its v2 name. */
    notify(notification: OfficialNotification): Promise<void>;
    /** `ctx.log.log(level, data, logger)`: filtered by the client's log level. */
    log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
    /** A form or URL elicitation, as `sendRequest({ method: 'elicitation/create', params })`. */
    elicitInput(params: { [key: string]: unknown }, options?: unknown): Promise<ElicitResult>;
    /** `ctx.sample(params)`. */
    requestSampling(params: CreateMessageRequestParams, options?: unknown): Promise<CreateMessageResult>;
  };
  /** The official SDK v2 place of the request's authentication. */
  http?: { authInfo?: AuthInfo };
  /** mcpkit's handler context of the same request: `state`, `elicit`, `sample`, `progress`... */
  ctx: HandlerContext<TState>;
}

function isLoggingLevel(value: unknown): value is LoggingLevel {
  return (LOGGING_LEVELS as readonly unknown[]).includes(value);
}

async function sendNotification(ctx: HandlerContext<any>, notification: OfficialNotification): Promise<void> {
  const params = notification.params ?? {};
  if (notification.method === 'notifications/message') {
    if (!isLoggingLevel(params.level)) {
      throw new TypeError(
        `sendNotification('notifications/message'): params.level must be one of ${LOGGING_LEVELS.join(', ')}, got ${JSON.stringify(params.level)}`,
      );
    }
    const logger = typeof params.logger === 'string' ? params.logger : undefined;
    return ctx.log.log(params.level, params.data, logger);
  }
  if (notification.method === 'notifications/progress') {
    if (typeof params.progress !== 'number') {
      throw new TypeError(
        `sendNotification('notifications/progress'): params.progress must be a number, got ${JSON.stringify(params.progress)}`,
      );
    }
    const total = typeof params.total === 'number' ? params.total : undefined;
    const message = typeof params.message === 'string' ? params.message : undefined;
    return ctx.progress(params.progress, total, message);
  }
  throw new TypeError(
    `sendNotification('${notification.method}') is not available in mcpkit's official-SDK aliases: ` +
      'only notifications/message and notifications/progress are (server-wide notifications go through ' +
      'McpServer: notifyListChanged, notifyResourceUpdated)',
  );
}

async function requestOf(ctx: HandlerContext<any>, request: OfficialRequest): Promise<unknown> {
  const params = request.params ?? {};
  switch (request.method) {
    case 'sampling/createMessage':
      return ctx.sample(params as unknown as CreateMessageRequestParams);
    case 'roots/list':
      return { roots: await ctx.listRoots() };
    case 'elicitation/create': {
      if (params.mode === 'url') {
        const { elicitationId, ...answer } = await ctx.elicitUrl(String(params.message), String(params.url), {
          ...(typeof params.elicitationId === 'string' ? { elicitationId: params.elicitationId } : {}),
        });
        return answer;
      }
      const form = params as unknown as ElicitRequestFormParams;
      return ctx.elicit(form.message, form.requestedSchema as JSONObject);
    }
    default:
      throw new TypeError(
        `sendRequest('${request.method}') is not available in mcpkit's official-SDK aliases: only ` +
          'sampling/createMessage, elicitation/create and roots/list are',
      );
  }
}

async function sendRequest(ctx: HandlerContext<any>, request: OfficialRequest, resultSchema?: unknown) {
  const result = await requestOf(ctx, request);
  // v1 handlers pass a zod result schema, v2 ones any Standard Schema (or request options, which
  // have neither): parsing with it gives them the type they asked for.
  const schema = resultSchema as { parse?: unknown; '~standard'?: StandardSchemaProps } | undefined;
  if (typeof schema?.parse === 'function') return schema.parse(result);
  const standard = schema?.['~standard'];
  if (standard === undefined) return result;
  const checked = standard.validate(result);
  if (checked instanceof Promise)
    throw new TypeError(`sendRequest('${request.method}'): the result schema validated asynchronously`);
  if (checked.issues)
    throw new TypeError(
      `sendRequest('${request.method}'): the answer does not match the result schema: ${describeIssues(checked.issues)}`,
    );
  return checked.value;
}

/** The official-shaped `extra` of one request, from mcpkit's handler context. */
export function officialExtra<TState>(
  ctx: HandlerContext<TState>,
  method: string,
): OfficialHandlerExtra<TState> {
  const meta = (ctx as { _meta?: JSONObject })._meta;
  const requestId = ctx.requestId ?? '';
  const notify = (notification: OfficialNotification) => sendNotification(ctx, notification);
  const send = (request: OfficialRequest, resultSchema?: unknown) => sendRequest(ctx, request, resultSchema);
  const extra: OfficialHandlerExtra<TState> = {
    signal: ctx.signal,
    requestId,
    sendNotification: notify,
    sendRequest: send,
    mcpReq: {
      id: requestId,
      method,
      signal: ctx.signal,
      requestState: () => undefined,
      send,
      notify,
      log: (level, data, logger) => ctx.log.log(level, data, logger),
      elicitInput: (params) =>
        requestOf(ctx, { method: 'elicitation/create', params }) as Promise<ElicitResult>,
      requestSampling: (params) => ctx.sample(params),
    },
    ctx,
  };
  if (ctx.sessionId !== undefined) extra.sessionId = ctx.sessionId;
  if (meta !== undefined) extra._meta = extra.mcpReq._meta = meta;
  if (ctx.auth !== undefined) {
    extra.authInfo = ctx.auth;
    extra.http = { authInfo: ctx.auth };
  }
  return extra;
}
