import { JsonRpcError, toJsonRpcError } from '@mcpkit/jsonrpc';
import {
  formatZodError,
  type JSONObject,
  TASKS_EXTENSION_ID,
  TasksExtensionTaskIdParamsSchema,
} from '@mcpkit/protocol/essentials';
import * as z from 'zod';
import { MissingClientCapabilityError } from '../core/errors.js';
import type { InputRequest, InputRequestOptions } from '../core/input-request.js';
import type { RequestContext } from '../core/request-context.js';
import type {
  ExtensionToolCall,
  TaskOwner,
  TasksExtension,
  TasksExtensionStore,
} from '../core/task-extension.js';
import type { TaskOutcome, TaskWork } from '../core/tasks.js';

// The protocol side of the tasks extension (SEP-2663): gating on the client's declaration, the
// tasks/* methods over a store, and handing a running tools/call over to a task.

/**
 * tasks/update params as the server checks them: each answer only needs to be an object, since
 * answers to keys that are not outstanding are ignored (SEP-2663) and an outstanding question's
 * answer is checked by the handler that asked it.
 */
const UpdateTaskParamsSchema = /* @__PURE__ */ TasksExtensionTaskIdParamsSchema.extend({
  inputResponses: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.looseObject({})),
});

/** The principal a task belongs to: the OAuth client and, when known, the user (two users of one client never share tasks). */
function ownerOf(ctx: RequestContext): TaskOwner {
  const auth = ctx.authInfo;
  if (auth === undefined) return undefined;
  return auth.subject === undefined ? auth.clientId : JSON.stringify([auth.clientId, auth.subject]);
}

function clientDeclaresTasks(ctx: RequestContext): boolean {
  const extensions = ctx.clientCapabilities.extensions as Record<string, unknown> | undefined;
  return extensions?.[TASKS_EXTENSION_ID] !== undefined;
}

function missingTasksCapability(what: string): MissingClientCapabilityError {
  return new MissingClientCapabilityError(what, { extensions: { [TASKS_EXTENSION_ID]: {} } });
}

function unknownTask(taskId: string): JsonRpcError {
  return JsonRpcError.invalidParams(
    `Unknown task: '${taskId}' (it never existed, expired, or is not yours)`,
    {
      taskId,
    },
  );
}

/** The extension over `store`: what the server option `tasksExtension` takes. */
export function tasksExtension(store: TasksExtensionStore): TasksExtension {
  return {
    declaration: { [TASKS_EXTENSION_ID]: {} },
    async answer(method, params, ctx) {
      if (!clientDeclaresTasks(ctx)) throw missingTasksCapability(method);
      const owner = ownerOf(ctx);
      const taskId = params?.taskId as string;
      if (method === 'tasks/get') {
        const task = await store.get(taskId, owner);
        if (task === undefined) throw unknownTask(taskId);
        return task;
      }
      if (method === 'tasks/cancel') {
        if (!(await store.cancel(taskId, owner))) throw unknownTask(taskId);
        return {};
      }
      const checked = UpdateTaskParamsSchema.safeParse(params);
      if (!checked.success) {
        const detail = formatZodError(checked.error, params, { pathPrefix: ['params'] });
        throw JsonRpcError.invalidParams(`Invalid params for 'tasks/update': ${detail}`);
      }
      const { inputResponses } = checked.data as { inputResponses: Record<string, JSONObject> };
      if (!(await store.update(taskId, owner, inputResponses))) throw unknownTask(taskId);
      return {};
    },

    async watchTasks(taskIds, ctx, listener) {
      if (!clientDeclaresTasks(ctx)) throw missingTasksCapability('Task status notifications (taskIds)');
      const owner = ownerOf(ctx);
      const agreed: string[] = [];
      const stops: Array<() => void> = [];
      for (const taskId of new Set(taskIds)) {
        const stop = await store.watch(taskId, owner, listener);
        if (stop === undefined) continue;
        agreed.push(taskId);
        stops.push(stop);
      }
      return {
        agreed,
        stop: () => {
          for (const stop of stops) stop();
        },
      };
    },

    callTool(call, ctx) {
      if (call.support === 'forbidden') return call.run(ctx, () => false);
      if (!clientDeclaresTasks(ctx)) {
        if (call.support === 'required')
          throw missingTasksCapability(`Tool '${call.name}' runs only as a task; it`);
        return call.run(ctx, () => false);
      }
      return runMaybeAsTask(store, call, ctx);
    },
  };
}

/**
 * Answers with a CreateTaskResult once the task starts (before the handler, or when the handler
 * calls `ctx.startTask()`), else with the handler's own result.
 */
function runMaybeAsTask(store: TasksExtensionStore, call: ExtensionToolCall, ctx: RequestContext) {
  return new Promise<JSONObject>((resolve, reject) => {
    const handover = new HandoverContext(ctx, store, resolve, reject);
    if (!call.startsItself) handover.startTask();
    // Inside a task a thrown JSON-RPC error fails the task (status `failed`, the error inlined).
    call
      .run(handover, () => handover.isTask)
      .then(
        (result) => (handover.isTask ? handover.finish({ result }) : resolve(result)),
        (error: unknown) => (handover.isTask ? handover.finish({ error }) : reject(error)),
      );
  });
}

/**
 * A request context that a running handler can hand over to a task: until `startTask`, questions
 * and signals are the request's (multi-round-trip input works); afterwards they are the task's.
 */
class HandoverContext implements RequestContext {
  protocolVersion: string;
  clientCapabilities: RequestContext['clientCapabilities'];
  clientInfo?: RequestContext['clientInfo'];
  logLevel?: RequestContext['logLevel'];
  progressToken?: RequestContext['progressToken'];
  requestId?: RequestContext['requestId'];
  authInfo?: RequestContext['authInfo'];
  extra?: RequestContext['extra'];
  readonly #request: RequestContext;
  readonly #store: TasksExtensionStore;
  readonly #handedOver: (createTaskResult: JSONObject) => void;
  readonly #refused: (error: unknown) => void;
  readonly #outcome: Promise<TaskOutcome>;
  #settle!: (outcome: TaskOutcome) => void;
  #work: TaskWork | undefined;
  /** Settles when the store runs the work (a shared store first writes the task's record). */
  #workReady: Promise<TaskWork> | undefined;
  /**
   * The task's signal from `startTask` on, before the store runs the work (it may first write the
   * task's record elsewhere): aborted with the work's signal.
   */
  #taskSignal: AbortController | undefined;
  #started = false;

  constructor(
    request: RequestContext,
    store: TasksExtensionStore,
    handedOver: (created: JSONObject) => void,
    refused: (error: unknown) => void,
  ) {
    this.#request = request;
    this.#store = store;
    this.#handedOver = handedOver;
    this.#refused = refused;
    this.#outcome = new Promise((resolve) => {
      this.#settle = resolve;
    });
    this.protocolVersion = request.protocolVersion;
    this.clientCapabilities = request.clientCapabilities;
    if (request.clientInfo !== undefined) this.clientInfo = request.clientInfo;
    if (request.logLevel !== undefined) this.logLevel = request.logLevel;
    if (request.progressToken !== undefined) this.progressToken = request.progressToken;
    if (request.requestId !== undefined) this.requestId = request.requestId;
    if (request.authInfo !== undefined) this.authInfo = request.authInfo;
    if (request.extra !== undefined) this.extra = request.extra;
  }

  get signal(): AbortSignal {
    return this.#taskSignal?.signal ?? this.#request.signal;
  }

  get isTask(): boolean {
    return this.#started;
  }

  sendNotification(method: string, params: JSONObject): Promise<void> {
    return (this.#work ?? this.#request).sendNotification(method, params);
  }

  requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject> {
    if (this.#workReady !== undefined) {
      return this.#workReady.then((work) => work.requestInput(request, options));
    }
    return this.#request.requestInput(request, options);
  }

  /** Creates the task and answers the request with it; the rest of the handler's work is the task. */
  startTask(): void {
    if (this.#started) return;
    let workStarted!: (work: TaskWork) => void;
    let workRefused!: (error: unknown) => void;
    this.#workReady = new Promise((resolve, reject) => {
      workStarted = resolve;
      workRefused = reject;
    });
    // Only a handler that asks something after a refused start sees this rejection.
    this.#workReady.catch(() => undefined);
    this.#started = true;
    const taskSignal = new AbortController();
    this.#taskSignal = taskSignal;
    // SEP-2663: tasks carry no progress or log notifications.
    delete this.progressToken;
    delete this.logLevel;
    // A store that cannot take the task (full, or its backend unreachable) fails the request.
    Promise.resolve()
      .then(() =>
        this.#store.create(ownerOf(this.#request), (work) => {
          this.#work = work;
          if (work.signal.aborted) taskSignal.abort(work.signal.reason);
          else
            work.signal.addEventListener('abort', () => taskSignal.abort(work.signal.reason), { once: true });
          workStarted(work);
          return this.#outcome;
        }),
      )
      .then(this.#handedOver, (error: unknown) => {
        workRefused(error);
        taskSignal.abort(error);
        this.#refused(error);
      });
  }

  /** The handler finished: the task's outcome, when it became one. */
  finish(outcome: { result: JSONObject } | { error: unknown }): void {
    if ('result' in outcome) this.#settle({ result: outcome.result });
    else this.#settle({ error: toJsonRpcError(outcome.error) });
  }
}
