import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { CompleteRequestParams } from '@mcpkit/protocol/essentials';
import type { Completer } from '../registry/resources.js';
import { visibleEntry } from '../registry/visibility.js';
import type { ServerCore } from './core.js';
import type { RequestContext } from './request-context.js';

/** The spec caps one completion response at 100 values. */
const MAX_COMPLETION_VALUES = 100;

/** The completer for the reference; a prompt or template this caller cannot see is unknown. */
function findCompleter(
  core: ServerCore,
  params: CompleteRequestParams,
  ctx: RequestContext,
): Completer | undefined {
  const { ref, argument } = params;
  if (ref.type === 'ref/prompt') {
    const prompt = visibleEntry(core, core.prompts, ref.name, ctx);
    if (prompt === undefined)
      throw JsonRpcError.invalidParams(`Unknown prompt: '${ref.name}'`, { name: ref.name });
    return prompt.config.complete?.[argument.name];
  }
  const template = visibleEntry(core, core.templates, ref.uri, ctx);
  if (template === undefined) {
    // A static resource has no variables to complete; anything else is unknown.
    if (visibleEntry(core, core.resources, ref.uri, ctx) !== undefined) return undefined;
    throw JsonRpcError.invalidParams(`Unknown resource template: '${ref.uri}'`, { uri: ref.uri });
  }
  return template.config.complete?.[argument.name];
}

export async function complete(core: ServerCore, params: CompleteRequestParams, ctx: RequestContext) {
  const completer = findCompleter(core, params, ctx);
  if (completer === undefined) return { completion: { values: [], hasMore: false } };
  const values = await completer(params.argument.value, {
    arguments: params.context?.arguments ?? {},
    ctx: await core.handlerContext(ctx),
  });
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETION_VALUES),
      total: values.length,
      hasMore: values.length > MAX_COMPLETION_VALUES,
    },
  };
}
