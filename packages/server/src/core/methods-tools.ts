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
    core.tools.list(),
    (entry) => [shapeTool(entry.definition, ctx.protocolVersion)],
    params?.cursor,
    core.pageSize,
  );
  const result: JSONObject = { tools: page.items };
  if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
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

export async function callTool(core: ServerCore, params: CallToolRequestParams, ctx: RequestContext) {
  const entry = core.tools.get(params.name);
  if (entry === undefined) {
    throw JsonRpcError.invalidParams(`Unknown tool: '${params.name}'`, { name: params.name });
  }
  let args: unknown = params.arguments ?? {};
  checkHeaderParameters(entry, args, ctx);
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
        run: (runCtx, jsonRpcErrorsFail) => runTool(core, entry, args, runCtx, jsonRpcErrorsFail),
      },
      ctx,
    );
  }
  return runTool(core, entry, args, ctx);
}

const never = (): boolean => false;

/** What `await` would wait for (a primitive's `then` is undefined). */
const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

/** Runs a tool's handler and shapes its result; only protocol-level failures throw. */
async function runTool(
  core: ServerCore,
  entry: ToolEntry,
  args: unknown,
  ctx: RequestContext,
  jsonRpcErrorsFail: () => boolean = never,
): Promise<JSONObject> {
  const version = ctx.protocolVersion;
  let result: JSONObject;
  try {
    // Awaited only when they are promises: most handlers answer synchronously, and each await
    // of a plain value still costs a microtask and its allocations on every call.
    let handlerContext = core.handlerContext(ctx);
    if (handlerContext instanceof Promise) handlerContext = await handlerContext;
    let value = entry.handler(args, handlerContext);
    if (isThenable(value)) value = await value;
    result = normalizeToolReturn(value, entry);
  } catch (error) {
    if (error instanceof InputRequiredSignal || isProtocolLevelToolError(error, version)) throw error;
    if (error instanceof JsonRpcError && jsonRpcErrorsFail()) throw error;
    if (ctx.signal.aborted) throw error;
    core.reportError(error, {
      method: 'tools/call',
      name: entry.key,
      ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
    });
    return toolErrorResult(messageOf(error));
  }
  const output = checkToolOutput(result, entry);
  if (!output.ok) {
    core.reportError(new Error(output.message), { method: 'tools/call', name: entry.key });
    return toolErrorResult(output.message);
  }
  return shapeCallToolResult(result, version);
}
