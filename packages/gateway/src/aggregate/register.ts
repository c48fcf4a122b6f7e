import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { CallToolResult, Prompt, Resource, ResourceTemplate, Tool } from '@mcpkit/protocol';
import { ErrorCode, isStatelessProtocolVersion, MetaKey } from '@mcpkit/protocol';
import type { Completer, McpServer, RegisteredHandle } from '@mcpkit/server';
import { findHttpTransportError } from '@mcpkit/transport-http-client';
import { describeError } from '../errors.js';
import { type Asker, ParkedCall } from './parked.js';
import { type CallsInFlight, passThrough } from './questions.js';
import type { UpstreamConnection } from './upstream.js';

/** One thing an upstream offers, under the key the gateway exposes it by. */
export type Offer =
  | { kind: 'tool'; key: string; owner: UpstreamConnection; item: Tool }
  | { kind: 'prompt'; key: string; owner: UpstreamConnection; item: Prompt }
  | { kind: 'resource'; key: string; owner: UpstreamConnection; item: Resource }
  | { kind: 'template'; key: string; owner: UpstreamConnection; item: ResourceTemplate };

/** Copies the optional descriptive fields an item has. */
function described<T extends object>(item: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (item[key] !== undefined) out[key] = item[key];
  return out;
}

/**
 * Runs one forwarded request: on the upstream's current client, registered as the call running
 * there (so its questions come back to this caller), with the caller's cancellation. A failure
 * that is not the upstream's own JSON-RPC error names the upstream and what was forwarded.
 */
function forward<T>(
  owner: UpstreamConnection,
  calls: CallsInFlight<UpstreamConnection>,
  ctx: Asker,
  what: string,
  send: (client: NonNullable<UpstreamConnection['client']>) => Promise<T>,
): Promise<T> {
  const client = owner.client;
  if (client === undefined) {
    return Promise.reject(
      new JsonRpcError(
        ErrorCode.InternalError,
        `${owner.name} is not connected (forwarding ${what}); it is being retried`,
      ),
    );
  }
  return calls.run(owner, ctx, () =>
    send(client).then(withoutEnvelope, (error: unknown) => {
      if (error instanceof JsonRpcError) throw error;
      if (findHttpTransportError(error, 'NETWORK') ?? findHttpTransportError(error, 'STREAM_INTERRUPTED')) {
        owner.lost(error as Error);
      }
      throw new JsonRpcError(
        ErrorCode.InternalError,
        `${owner.name} failed ${what}: ${describeError(error)}`,
      );
    }),
  );
}

/**
 * A result without what belongs to the upstream connection's revision rather than to the answer
 * (`resultType`, the 2026-07-28 `_meta` envelope keys): the gateway's server adds its own for its
 * client's revision.
 */
function withoutEnvelope<T>(result: T): T {
  const {
    resultType: _resultType,
    _meta,
    ...rest
  } = result as { resultType?: unknown; _meta?: Record<string, unknown> };
  if (_meta === undefined) return rest as T;
  const meta = Object.fromEntries(Object.entries(_meta).filter(([key]) => !ENVELOPE_KEYS.has(key)));
  return (Object.keys(meta).length === 0 ? rest : { ...rest, _meta: meta }) as T;
}

const ENVELOPE_KEYS = new Set<string>(Object.values(MetaKey));

/** The variable names of an RFC 6570 template (`{a,b*}`, `{+path}`, `{?q}`). */
function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const [, expression] of uriTemplate.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression!.replace(/^[+#./;?&]/, '').split(','))
      names.push(spec.replace(/(\*|:\d+)$/, ''));
  }
  return names;
}

/**
 * Completers forwarding `completion/complete` for each argument to the upstream, when it declares
 * completions (none otherwise, so the gateway answers with no suggestions).
 */
function completers(
  owner: UpstreamConnection,
  calls: CallsInFlight<UpstreamConnection>,
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
  argumentNames: readonly string[],
): { complete?: Record<string, Completer> } {
  if (owner.client?.serverCapabilities?.completions === undefined || argumentNames.length === 0) return {};
  const complete: Record<string, Completer> = {};
  for (const name of argumentNames) {
    complete[name] = (value, { arguments: given, ctx }) =>
      forward(owner, calls, ctx, `completion/complete ${name}`, (client) =>
        client.complete(
          {
            ref,
            argument: { name, value },
            ...(Object.keys(given).length === 0 ? {} : { context: { arguments: given } }),
          },
          { signal: ctx.signal },
        ),
      ).then((result) => result.completion.values);
  }
  return { complete };
}

/** Registers one offer on the server; the handle removes it. */
export function registerOffer(
  server: McpServer,
  offer: Offer,
  calls: CallsInFlight<UpstreamConnection>,
  timeoutMs: number | undefined,
): RegisteredHandle<never> {
  const { owner } = offer;
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  switch (offer.kind) {
    case 'tool': {
      const tool = offer.item;
      // Calls made for 2026-07-28 clients, waiting for their next round (see `ParkedCall`).
      const parked = new Map<string, ParkedCall<CallToolResult>>();
      return server.tool(
        offer.key,
        {
          ...described(tool, ['title', 'description', 'annotations', 'icons', '_meta', 'execution']),
          inputSchema: passThrough(tool.inputSchema),
          ...(tool.outputSchema === undefined ? {} : { outputSchema: passThrough(tool.outputSchema) }),
        },
        (args, ctx) => {
          const call = (asker: Asker, signal: AbortSignal) =>
            forward(owner, calls, asker, `tools/call ${tool.name}`, (client) =>
              client.callTool(
                { name: tool.name, arguments: args as Record<string, unknown> },
                {
                  ...timeout,
                  signal,
                  // The upstream checked its own output; checking it again here could only disagree.
                  validateOutput: false,
                  onprogress: (progress) =>
                    void asker.progress(progress.progress, progress.total, progress.message),
                },
              ),
            ) as Promise<CallToolResult>;
          if (!isStatelessProtocolVersion(ctx.protocolVersion)) return call(ctx, ctx.signal);
          // A 2026-07-28 client answers questions by retrying: the upstream call outlives each round.
          const signature = JSON.stringify([offer.key, args, ctx.auth?.clientId, ctx.auth?.subject]);
          let running = parked.get(signature);
          if (running === undefined) {
            const created = new ParkedCall<CallToolResult>(ctx, () => parked.delete(signature));
            parked.set(signature, created);
            created.start((signal) => call(created, signal));
            running = created;
          }
          return running.round(ctx);
        },
      );
    }
    case 'prompt': {
      const prompt = offer.item;
      const properties: Record<string, object> = {};
      const required: string[] = [];
      for (const argument of prompt.arguments ?? []) {
        properties[argument.name] = { type: 'string', ...described(argument, ['description']) };
        if (argument.required) required.push(argument.name);
      }
      return server.prompt(
        offer.key,
        {
          ...described(prompt, ['title', 'description', 'icons', '_meta']),
          arguments: passThrough({ type: 'object', properties, required }),
          ...completers(owner, calls, { type: 'ref/prompt', name: prompt.name }, Object.keys(properties)),
        },
        (args, ctx) =>
          forward(owner, calls, ctx, `prompts/get ${prompt.name}`, (client) =>
            client.getPrompt(
              { name: prompt.name, arguments: args as Record<string, string> },
              { ...timeout, signal: ctx.signal },
            ),
          ),
      );
    }
    case 'resource': {
      const resource = offer.item;
      return server.resource(
        resource.uri,
        {
          name: resource.name,
          ...described(resource, [
            'title',
            'description',
            'mimeType',
            'annotations',
            'icons',
            '_meta',
            'size',
          ]),
        },
        (uri, ctx) =>
          forward(owner, calls, ctx, `resources/read ${uri}`, (client) =>
            client.readResource({ uri }, { ...timeout, signal: ctx.signal }),
          ),
      );
    }
    case 'template': {
      const template = offer.item;
      return server.resourceTemplate(
        template.uriTemplate,
        {
          name: template.name,
          ...described(template, ['title', 'description', 'mimeType', 'annotations', 'icons', '_meta']),
          ...completers(
            owner,
            calls,
            { type: 'ref/resource', uri: template.uriTemplate },
            templateVariables(template.uriTemplate),
          ),
        },
        (uri, _variables, ctx) =>
          forward(owner, calls, ctx, `resources/read ${uri}`, (client) =>
            client.readResource({ uri }, { ...timeout, signal: ctx.signal }),
          ),
      );
    }
  }
}
