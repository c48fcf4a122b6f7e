import { JsonRpcError } from '@mcpkit/jsonrpc';
import type {
  JSONObject,
  PaginatedRequestParams,
  ReadResourceRequestParams,
  ResourceRequestParams,
} from '@mcpkit/protocol/essentials';
import { paginate } from '../registry/pagination.js';
import {
  type ListedResource,
  normalizeReadResult,
  type ResourceEntry,
  resourceDefinition,
  type TemplateEntry,
  templateDefinition,
} from '../registry/resources.js';
import { isVisibleTo, markPerCaller, visibleEntries, visibleEntry } from '../registry/visibility.js';
import type { ServerCore } from './core.js';
import { resourceNotFound } from './errors.js';
import type { RequestContext } from './request-context.js';
import { shapeDefinition, shapeResourceContents } from './shape-results.js';

function withNextCursor(result: JSONObject, nextCursor: string | undefined): JSONObject {
  if (nextCursor !== undefined) result.nextCursor = nextCursor;
  return result;
}

/** Static resources plus whatever each template's `list` callback enumerates, in registration order. */
export async function listResources(
  core: ServerCore,
  params: PaginatedRequestParams | undefined,
  ctx: RequestContext,
) {
  const entries: (ResourceEntry | TemplateEntry)[] = [
    ...visibleEntries(core, core.resources, ctx),
    ...visibleEntries(core, core.templates, ctx),
  ];
  entries.sort((a, b) => a.seq - b.seq);
  const version = ctx.protocolVersion;
  const page = await paginate(
    'resources/list',
    entries,
    async (entry) => {
      if ('read' in entry && 'template' in entry) {
        const list = entry.config.list;
        if (list === undefined) return [];
        const listed: readonly ListedResource[] = await list(await core.handlerContext(ctx));
        return listed.map(({ uri, ...config }) => shapeDefinition(resourceDefinition(uri, config), version));
      }
      return [shapeDefinition(resourceDefinition(entry.key, (entry as ResourceEntry).config), version)];
    },
    params?.cursor,
    core.pageSize,
  );
  const result = withNextCursor({ resources: page.items }, page.nextCursor);
  markPerCaller(result, ctx, core.resources.hasPredicates || core.templates.hasPredicates);
  return result;
}

export async function listResourceTemplates(
  core: ServerCore,
  params: PaginatedRequestParams | undefined,
  ctx: RequestContext,
) {
  const page = await paginate(
    'resources/templates/list',
    visibleEntries(core, core.templates, ctx),
    (entry) => [shapeDefinition(templateDefinition(entry.key, entry.config), ctx.protocolVersion)],
    params?.cursor,
    core.pageSize,
  );
  const result = withNextCursor({ resourceTemplates: page.items }, page.nextCursor);
  markPerCaller(result, ctx, core.templates.hasPredicates);
  return result;
}

export async function readResource(core: ServerCore, params: ReadResourceRequestParams, ctx: RequestContext) {
  const { uri } = params;
  const version = ctx.protocolVersion;
  const finish = (result: JSONObject, perCaller: unknown): JSONObject => {
    const contents = result.contents as JSONObject[];
    const shaped = { ...result, contents: shapeResourceContents(contents, version) };
    markPerCaller(shaped, ctx, perCaller);
    return shaped;
  };
  // Invisible resources and templates are skipped as if absent: the read falls through to what
  // would answer without them, down to the unknown-URI error (no existence leak).
  const resource = visibleEntry(core, core.resources, uri, ctx);
  if (resource !== undefined) {
    const value = await resource.read(uri, await core.handlerContext(ctx));
    if (value === undefined || value === null) throw resourceNotFound(uri, version);
    return finish(normalizeReadResult(value, uri, resource.config.mimeType), resource.visible);
  }
  for (const template of core.templates.list()) {
    const variables = template.template.match(uri);
    // Only a matching template's predicate runs: the others have nothing to say about this URI.
    if (variables === undefined || !isVisibleTo(core, template, ctx)) continue;
    const value = await template.read(uri, variables, await core.handlerContext(ctx));
    // A template matches any id; the handler says "no such one" by returning nothing.
    if (value === undefined || value === null) throw resourceNotFound(uri, version);
    return finish(normalizeReadResult(value, uri, template.config.mimeType), template.visible);
  }
  throw resourceNotFound(uri, version);
}

function requireSubscriptions(core: ServerCore, ctx: RequestContext, method: string) {
  if (ctx.session === undefined) throw JsonRpcError.methodNotFound(method);
  if (core.capabilities().resources?.subscribe !== true) {
    throw JsonRpcError.methodNotFound(method);
  }
  return ctx.session;
}

export async function subscribe(core: ServerCore, params: ResourceRequestParams, ctx: RequestContext) {
  requireSubscriptions(core, ctx, 'resources/subscribe').subscribe(params.uri);
  return {};
}

export async function unsubscribe(core: ServerCore, params: ResourceRequestParams, ctx: RequestContext) {
  requireSubscriptions(core, ctx, 'resources/unsubscribe').unsubscribe(params.uri);
  return {};
}
