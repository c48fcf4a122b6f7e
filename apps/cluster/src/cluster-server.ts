import { McpServer } from '@mcpkit/server';

/** The part of a tool's wire annotations this file reads. */
interface ToolAnnotations {
  idempotentHint?: boolean;
}

import * as z from 'zod';

/** The resource the `touch` tool announces as updated (clients subscribe to it). */
export const COUNTER_URI = 'cluster://counter';

/**
 * The MCP server every process of the topology runs: small tools that make cross-process paths
 * visible. Each answer names the instance that produced it.
 */
export function createClusterServer(instanceId: string): McpServer {
  const server = new McpServer(
    { name: 'mcpkit-cluster', version: '0.0.0' },
    // 2026-07-28 too: the listen check speaks it (every request may land on any process).
    { protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] },
  );
  let touches = 0;

  server.tool(
    'echo',
    { description: 'Returns the text it is given.', inputSchema: { text: z.string() } },
    ({ text }) => text,
  );

  server.tool(
    'whoami',
    { description: 'Names the server process (instanceId) that ran this call.' },
    () => instanceId,
  );

  server.tool(
    'ask',
    { description: 'Asks the user for a colour (form elicitation) and returns the answer.' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('Which colour?', { colour: z.string() });
      const colour = answer.action === 'accept' ? answer.content?.colour : answer.action;
      return `asked on ${instanceId}: ${colour}`;
    },
  );

  server.tool(
    'touch',
    { description: `Changes ${COUNTER_URI}: subscribers get notifications/resources/updated.` },
    () => {
      touches++;
      server.notifyResourceUpdated(COUNTER_URI);
      return `touched on ${instanceId}`;
    },
  );

  server.tool(
    'count',
    {
      description: 'Reports progress 1..count, one every ms milliseconds, then names the process.',
      inputSchema: { count: z.number().int().min(1).max(100), ms: z.number().int().min(0).max(5000) },
      // Safe to run again after its process died mid-call: the handler's canRerun allows it.
      annotations: { idempotentHint: true },
    },
    async ({ count, ms }, ctx) => {
      for (let n = 1; n <= count; n++) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        await ctx.progress(n, count);
      }
      return `counted on ${instanceId}`;
    },
  );

  server.resource(COUNTER_URI, { name: 'counter', mimeType: 'text/plain' }, () => ({
    contents: [{ uri: COUNTER_URI, mimeType: 'text/plain', text: `${touches} touches on ${instanceId}` }],
  }));

  return server;
}

/** The handler's `canRerun`: a tools/call of a tool annotated idempotent may run again elsewhere. */
export function idempotentToolCall(
  server: McpServer,
): (request: { method: string; params?: { name?: unknown } }) => boolean {
  return (request) =>
    request.method === 'tools/call' &&
    (server.tools.get(String(request.params?.name))?.definition.annotations as ToolAnnotations | undefined)
      ?.idempotentHint === true;
}
