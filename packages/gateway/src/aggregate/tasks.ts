import { randomUUID } from 'node:crypto';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode, isStatelessProtocolVersion, type JSONObject, MetaKey, type Task } from '@mcpkit/protocol';
import type { HandleOutcome, ServerMiddleware, ServerMiddlewareContext } from '@mcpkit/server';
import { describeError } from '../errors.js';
import type { UpstreamConnection } from './upstream.js';

/** A task an upstream runs for one of the gateway's sessions, under the id the gateway gave it. */
interface Route {
  owner: UpstreamConnection;
  /** The upstream's id of the task. */
  upstreamId: string;
  /** The session that created it: only that session sees it (as on a direct connection). */
  session: object;
}

/** The tool an exposed name stands for. */
export interface ToolRoute {
  owner: UpstreamConnection;
  /** The tool's name on its upstream. */
  name: string;
}

/** Most task routes kept; the oldest go first (their tasks have most likely expired upstream). */
const MAX_ROUTES = 10_000;

/**
 * 2025-11-25 tasks through the aggregator. A task-augmented `tools/call` of a tool whose upstream
 * runs tasks is forwarded as one; the task the upstream creates is given a gateway id (random, so
 * two upstreams' ids never collide and no client can guess another's), and `tasks/get`,
 * `tasks/result` and `tasks/cancel` with that id go to that upstream with its own id, answers
 * mapped back. `tasks/list` lists the session's tasks on every upstream, plus the gateway's own
 * (tasks of upstreams without task support, which the gateway's server runs itself). A task is
 * seen only by the session that created it. 2026-07-28 clients are not concerned: their requests
 * pass on untouched.
 */
export class TaskRoutes {
  readonly #routes = new Map<string, Route>();
  readonly #toolRoute: (name: string) => ToolRoute | undefined;
  readonly #upstreams: () => readonly UpstreamConnection[];

  constructor(
    toolRoute: (name: string) => ToolRoute | undefined,
    upstreams: () => readonly UpstreamConnection[],
  ) {
    this.#toolRoute = toolRoute;
    this.#upstreams = upstreams;
  }

  readonly middleware: ServerMiddleware = (ctx, next) => {
    const session = ctx.request.session;
    if (session === undefined || isStatelessProtocolVersion(ctx.request.protocolVersion)) return next();
    switch (ctx.method) {
      case 'tools/call':
        return this.#call(ctx, session, next);
      case 'tasks/get':
      case 'tasks/result':
      case 'tasks/cancel':
        return this.#byId(ctx, session, next);
      case 'tasks/list':
        return this.#list(ctx, session, next);
      default:
        return next();
    }
  };

  async #call(
    ctx: ServerMiddlewareContext,
    session: object,
    next: () => Promise<HandleOutcome>,
  ): Promise<HandleOutcome> {
    const params = ctx.params ?? {};
    if (params.task === undefined) return next();
    const tool = this.#toolRoute(String(params.name));
    const client = tool?.owner.client;
    if (tool === undefined || client === undefined) return next();
    if (client.serverCapabilities?.tasks?.requests?.tools?.call === undefined) return next();
    const { name: _name, task, ...rest } = params;
    const created = await upstreamCall(tool.owner, `tools/call ${tool.name} as a task`, () =>
      client.callToolAsTask(
        { ...rest, name: tool.name } as Parameters<typeof client.callToolAsTask>[0],
        task as JSONObject,
        { signal: ctx.request.signal },
      ),
    );
    const id = randomUUID();
    this.#remember(id, { owner: tool.owner, upstreamId: created.taskId, session });
    return { type: 'result', result: { ...created.created, task: this.#outward(created.created.task, id) } };
  }

  async #byId(
    ctx: ServerMiddlewareContext,
    session: object,
    next: () => Promise<HandleOutcome>,
  ): Promise<HandleOutcome> {
    const id = String(ctx.params?.taskId ?? '');
    const route = this.#routes.get(id);
    // Not one of the upstreams' tasks: the gateway's own store answers (and says when it is unknown).
    if (route === undefined || route.session !== session) return next();
    const client = route.owner.client;
    if (client === undefined) {
      throw new JsonRpcError(
        ErrorCode.InternalError,
        `Task ${id} runs on ${route.owner.name}, which is not connected now (it is being retried)`,
      );
    }
    const options = { signal: ctx.request.signal };
    const what = `${ctx.method} ${route.upstreamId}`;
    if (ctx.method === 'tasks/result') {
      const result = await upstreamCall(route.owner, what, () =>
        client.getTaskResult(route.upstreamId, options),
      );
      return { type: 'result', result: withRelatedTask(result as JSONObject, id) };
    }
    const task =
      ctx.method === 'tasks/get'
        ? await upstreamCall(route.owner, what, () => client.getTask(route.upstreamId, options))
        : await upstreamCall(route.owner, what, () => client.cancelTask(route.upstreamId, options));
    return { type: 'result', result: this.#outward(task, id) as unknown as JSONObject };
  }

  async #list(
    ctx: ServerMiddlewareContext,
    session: object,
    next: () => Promise<HandleOutcome>,
  ): Promise<HandleOutcome> {
    const own = await next();
    if (own.type !== 'result') return own;
    const mine = new Map<string, string>();
    for (const [id, route] of this.#routes) {
      if (route.session === session) mine.set(`${route.owner.name}\n${route.upstreamId}`, id);
    }
    const tasks = [...((own.result.tasks as JSONObject[] | undefined) ?? [])];
    for (const owner of this.#upstreams()) {
      const client = owner.client;
      if (client?.serverCapabilities?.tasks?.list === undefined) continue;
      if (![...this.#routes.values()].some((route) => route.owner === owner && route.session === session))
        continue;
      let cursor: string | undefined;
      // Bounded: an upstream that pages forever must not hold the answer.
      for (let page = 0; page < 100; page++) {
        const listed = await upstreamCall(owner, 'tasks/list', () =>
          client.listTasks(cursor === undefined ? {} : { cursor }, { signal: ctx.request.signal }),
        );
        for (const task of listed.tasks) {
          const id = mine.get(`${owner.name}\n${task.taskId}`);
          if (id !== undefined) tasks.push(this.#outward(task, id) as unknown as JSONObject);
        }
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
    }
    return { type: 'result', result: { ...own.result, tasks } };
  }

  #remember(id: string, route: Route): void {
    this.#routes.set(id, route);
    if (this.#routes.size > MAX_ROUTES) this.#routes.delete(this.#routes.keys().next().value as string);
  }

  /** The upstream's task as the client sees it: the gateway's id. */
  #outward(task: Task, id: string): Task {
    return { ...task, taskId: id };
  }
}

/** A result's related-task `_meta` naming the gateway's id instead of the upstream's. */
function withRelatedTask(result: JSONObject, id: string): JSONObject {
  const meta = result._meta as JSONObject | undefined;
  if (meta?.[MetaKey.RelatedTask] === undefined) return result;
  return { ...result, _meta: { ...meta, [MetaKey.RelatedTask]: { taskId: id } } };
}

/** Runs a request on an upstream; a failure that is not its own JSON-RPC error names the upstream. */
async function upstreamCall<T>(owner: UpstreamConnection, what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof JsonRpcError) throw error;
    throw new JsonRpcError(ErrorCode.InternalError, `${owner.name} failed ${what}: ${describeError(error)}`);
  }
}
