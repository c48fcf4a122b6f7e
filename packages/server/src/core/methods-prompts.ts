import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { GetPromptRequestParams, JSONObject, PaginatedRequestParams } from '@mcpkit/protocol/essentials';
import { paginate } from '../registry/pagination.js';
import { normalizePromptResult, type PromptEntry } from '../registry/prompts.js';
import { markPerCaller, visibleEntries, visibleEntry } from '../registry/visibility.js';
import type { ServerCore } from './core.js';
import type { RequestContext } from './request-context.js';
import { shapeContentBlock, shapePrompt } from './shape-results.js';

export async function listPrompts(
  core: ServerCore,
  params: PaginatedRequestParams | undefined,
  ctx: RequestContext,
) {
  const page = await paginate(
    'prompts/list',
    visibleEntries(core, core.prompts, ctx),
    (entry) => [shapePrompt(entry.definition, ctx.protocolVersion)],
    params?.cursor,
    core.pageSize,
  );
  const result: JSONObject = { prompts: page.items };
  if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
  markPerCaller(result, ctx, core.prompts.hasPredicates);
  return result;
}

function checkArguments(entry: PromptEntry, args: Record<string, string>): unknown {
  if (entry.schema !== undefined) {
    const checked = entry.schema.validate(args);
    if (!checked.ok) {
      throw JsonRpcError.invalidParams(`Invalid arguments for prompt '${entry.key}': ${checked.message}`, {
        name: entry.key,
      });
    }
    return checked.value;
  }
  const missing = entry.argumentList.filter(
    (argument) => argument.required && args[argument.name] === undefined,
  );
  if (missing.length > 0) {
    const names = missing.map((argument) => `'${argument.name}'`).join(', ');
    throw JsonRpcError.invalidParams(
      `Missing required argument${missing.length > 1 ? 's' : ''} ${names} for prompt '${entry.key}'`,
      {
        name: entry.key,
      },
    );
  }
  return args;
}

export async function getPrompt(core: ServerCore, params: GetPromptRequestParams, ctx: RequestContext) {
  // An invisible prompt is answered exactly as an unknown one: its existence must not leak.
  const entry = visibleEntry(core, core.prompts, params.name, ctx);
  if (entry === undefined) {
    throw JsonRpcError.invalidParams(`Unknown prompt: '${params.name}'`, { name: params.name });
  }
  const args = checkArguments(entry, params.arguments ?? {});
  const value = await entry.handler(args, await core.handlerContext(ctx));
  const result = normalizePromptResult(value as never, entry.key);
  const messages = (result.messages as JSONObject[]).map((message) => ({
    ...message,
    content: shapeContentBlock(message.content as JSONObject, ctx.protocolVersion),
  }));
  return { ...result, messages };
}
