import { JsonRpcError, toJsonRpcError } from '@mcpkit/jsonrpc';
import {
  type CallToolRequestParams,
  ErrorCode,
  headerParameterMismatch,
  isStatelessProtocolVersion,
  type JSONObject,
  type PaginatedRequestParams,
} from '@mcpkit/protocol/essentials';
import { paginate } from '../registry/pagination.js';
import type { ToolEntry } from '../registry/tools.js';
import { markPerCaller, visibleEntries, visibleEntry } from '../registry/visibility.js';
import type { ServerCore } from './core.js';
import { isProtocolLevelToolError } from './errors.js';
import { InputRequiredSignal, type RequestContext } from './request-context.js';
import { shapeCallToolResult, shapeTool } from './shape-results.js';
import type { TaskSupport } from './task-extension.js';
import type { TaskOutcome } from './tasks.js';
import { checkToolOutput, normalizeToolReturn, toolErrorResult } from './tool-results.js';

export async function listTools(
  core: ServerCore,
  params: PaginatedRequestParams | undefined,
  ctx: RequestContext,
) {
  const page = await paginate(
    'tools/list',
    visibleEntries(core, core.tools, ctx),
    (entry) => [shapeTool(entry.definition, ctx.protocolVersion)],
    params?.cursor,
    core.pageSize,
  );
  const result: JSONObject = { tools: page.items };
  if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
  markPerCaller(result, ctx, core.tools.hasPredicates);
  return result;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function taskSupportOf(entry: ToolEntry): TaskSupport {
  const execution = entry.definition.execution as { taskSupport?: TaskSupport } | undefined;
  return execution?.taskSupport ?? 'forbidden';
}

/**
 * SEP-2243: over 2026-07-28 HTTP the transport hands over the decoded `Mcp-Param-*` headers
 * (`extra.mcpParams`); each annotated argument present in the body must be mirrored exactly.
 */
function checkHeaderParameters(entry: ToolEntry, args: unknown, ctx: RequestContext): void {
  const headers = (ctx.extra as { mcpParams?: Record<string, string> } | undefined)?.mcpParams;
  if (headers === undefined || entry.headerParameters === undefined) return;
  const problem = headerParameterMismatch(entry.headerParameters, args, headers);
  if (problem !== undefined) {
    throw new JsonRpcError(ErrorCode.HeaderMismatch, `Header mismatch for tool '${entry.key}': ${problem}`, {
      name: entry.key,
    });
  }
}

/**
 * tools/call. Not async: a tool that answers synchronously is answered synchronously (failures
 * before the handler runs throw), see runTool.
 */
export function callTool(
  core: ServerCore,
  params: CallToolRequestParams,
  ctx: RequestContext,
): JSONObject | Promise<JSONObject> {
  // An invisible tool is answered exactly as an unknown one: its existence must not leak.
  const entry = visibleEntry(core, core.tools, params.name, ctx);
  if (entry === undefined) {
    throw JsonRpcError.invalidParams(`Unknown tool: '${params.name}'`, { name: params.name });
  }
  let args: unknown = params.arguments ?? {};
  if (entry.headerParameters !== undefined) checkHeaderParameters(entry, args, ctx);
  if (entry.input !== undefined) {
    const checked = entry.input.validate(args);
    // Spec 2025-11-25: input validation errors are tool execution errors, so the model can retry.
    if (!checked.ok) return toolErrorResult(`Invalid arguments for tool '${entry.key}': ${checked.message}`);
    args = checked.value;
  }
  // Tasks apply only where the server declared them and the session can hold them; elsewhere a
  // `task` param is ignored and the tool runs normally (2025-11-25 tasks, "Tool-Level Negotiation").
  const tasks = ctx.tasks !== undefined && core.capabilities().tasks !== undefined ? ctx.tasks : undefined;
  if (tasks !== undefined) {
    const support = taskSupportOf(entry);
    if (params.task !== undefined) {
      if (support === 'forbidden') {
        throw new JsonRpcError(
          ErrorCode.MethodNotFound,
          `Tool '${entry.key}' cannot run as a task (its execution.taskSupport is 'forbidden')`,
          { name: entry.key },
        );
      }
      return tasks.start(params.task.ttl, async (work): Promise<TaskOutcome> => {
        // The request's facts, with the task's own signal and channel (those replace the only
        // members a RequestContext may keep on its prototype).
        const taskCtx: RequestContext = {
          ...ctx,
          signal: work.signal,
          sendNotification: work.sendNotification,
          requestInput: work.requestInput,
        };
        try {
          const result = await runTool(core, entry, args, taskCtx);
          if (result.isError !== true) return { result };
          const first = (result.content as { type?: string; text?: string }[] | undefined)?.[0];
          return {
            result,
            failed: true,
            statusMessage: first?.type === 'text' ? first.text : 'The tool failed',
          };
        } catch (error) {
          return { error: toJsonRpcError(error) };
        }
      });
    }
    if (support === 'required') {
      throw new JsonRpcError(
        ErrorCode.MethodNotFound,
        `Tool '${entry.key}' must be called as a task (add a task param)`,
        {
          name: entry.key,
        },
      );
    }
  }
  const extension = core.tasksExtension;
  if (extension !== undefined && isStatelessProtocolVersion(ctx.protocolVersion)) {
    return extension.callTool(
      {
        name: entry.key,
        support: taskSupportOf(entry),
        startsItself: entry.startsTaskItself === true,
        run: async (runCtx, jsonRpcErrorsFail) => runTool(core, entry, args, runCtx, jsonRpcErrorsFail),
      },
      ctx,
    );
  }
  return runTool(core, entry, args, ctx);
}

const never = (): boolean => false;

/**
 * Runs a tool's handler and shapes its result; only protocol-level failures throw (or reject).
 * Synchronous while the handler and its context are: most handlers answer at once, and an async
 * function here cost a promise, a microtask and a compiled state machine on every call.
 */
function runTool(
  core: ServerCore,
  entry: ToolEntry,
  args: unknown,
  ctx: RequestContext,
  jsonRpcErrorsFail: () => boolean = never,
): JSONObject | Promise<JSONObject> {
  let value: unknown;
  try {
    const handlerContext = core.handlerContext(ctx);
    value =
      handlerContext instanceof Promise
        ? handlerContext.then((context) => entry.handler(args, context))
        : entry.handler(args, handlerContext);
  } catch (error) {
    return toolFailure(core, entry, ctx, error, jsonRpcErrorsFail);
  }
  // What `await` would wait for (a primitive's `then` is undefined); written out, as on every call.
  if (typeof (value as { then?: unknown } | null | undefined)?.then !== 'function')
    return finishTool(core, entry, value, ctx, jsonRpcErrorsFail);
  return Promise.resolve(value).then(
    (settled) => finishTool(core, entry, settled, ctx, jsonRpcErrorsFail),
    (error: unknown) => toolFailure(core, entry, ctx, error, jsonRpcErrorsFail),
  );
}

/** A handler's return value as the tools/call result (an output that breaks its schema is an error). */
function finishTool(
  core: ServerCore,
  entry: ToolEntry,
  value: unknown,
  ctx: RequestContext,
  jsonRpcErrorsFail: () => boolean,
): JSONObject {
  let result: JSONObject;
  try {
    result = normalizeToolReturn(value, entry);
  } catch (error) {
    return toolFailure(core, entry, ctx, error, jsonRpcErrorsFail);
  }
  const output = entry.output === undefined ? undefined : checkToolOutput(result, entry);
  if (output?.ok === false) {
    core.reportError(new Error(output.message), { method: 'tools/call', name: entry.key });
    return toolErrorResult(output.message);
  }
  return shapeCallToolResult(result, ctx.protocolVersion);
}

/** A handler's failure: protocol-level errors go on (thrown), anything else is an `isError` result. */
function toolFailure(
  core: ServerCore,
  entry: ToolEntry,
  ctx: RequestContext,
  error: unknown,
  jsonRpcErrorsFail: () => boolean,
): JSONObject {
  if (error instanceof InputRequiredSignal || isProtocolLevelToolError(error, ctx.protocolVersion))
    throw error;
  if (error instanceof JsonRpcError && jsonRpcErrorsFail()) throw error;
  if (ctx.signal.aborted) throw error;
  core.reportError(error, { method: 'tools/call', name: entry.key, sessionId: ctx.sessionId });
  return toolErrorResult(messageOf(error));
}
