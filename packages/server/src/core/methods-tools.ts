import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { CallToolRequestParams, JSONObject, PaginatedRequestParams } from '@mcpkit/protocol';
import { paginate } from '../registry/pagination.js';
import type { ServerCore } from './core.js';
import { isProtocolLevelToolError } from './errors.js';
import { InputRequiredSignal, type RequestContext } from './request-context.js';
import { shapeCallToolResult, shapeTool } from './shape-results.js';
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

export async function callTool(core: ServerCore, params: CallToolRequestParams, ctx: RequestContext) {
  const entry = core.tools.get(params.name);
  if (entry === undefined) {
    throw JsonRpcError.invalidParams(`Unknown tool: '${params.name}'`, { name: params.name });
  }
  const version = ctx.protocolVersion;
  let args: unknown = params.arguments ?? {};
  if (entry.input !== undefined) {
    const checked = entry.input.validate(args);
    // Spec 2025-11-25: input validation errors are tool execution errors, so the model can retry.
    if (!checked.ok) return toolErrorResult(`Invalid arguments for tool '${entry.key}': ${checked.message}`);
    args = checked.value;
  }
  let result: JSONObject;
  try {
    const handlerContext = await core.handlerContext(ctx);
    result = normalizeToolReturn(await entry.handler(args, handlerContext), entry);
  } catch (error) {
    if (error instanceof InputRequiredSignal || isProtocolLevelToolError(error, version)) throw error;
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
