// A full-feature mcpkit server for interop tests: every server feature a client drives (tools with
// progress and cancellation, sampling, elicitation, roots, resources with subscriptions, templates,
// prompts and completions, logging). main.ts serves it over stdio.
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

/** Every revision the full-feature server speaks: the four stateful ones and 2026-07-28. */
export const FULL_FEATURE_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;

export const COUNTER_URI = 'memo://counter';
const CITIES = ['paris', 'park', 'parma', 'porto', 'prague'];

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });

/**
 * The `stats` tool reports what the server observed (cancellations, the counter), so tests assert
 * the server side too, not only what the client saw.
 */
export function createFullFeatureServer(): McpServer {
  const server = new McpServer(
    { name: 'mcpkit-full-feature', version: '1.0.0' },
    {
      instructions: 'A test server exercising every MCP feature.',
      protocolVersions: FULL_FEATURE_VERSIONS,
      capabilities: { resources: { subscribe: true, listChanged: true }, logging: true, completions: true },
    },
  );
  let counter = 0;
  let cancelled = 0;

  server.tool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => `${a + b}`,
  );

  server.tool(
    'count',
    {
      description: 'Counts to `steps`, reporting progress at each step.',
      inputSchema: { steps: z.number().int().min(1).max(20), delayMs: z.number().int().min(0).max(200) },
    },
    async ({ steps, delayMs }, ctx) => {
      for (let step = 1; step <= steps; step++) {
        await sleep(delayMs, ctx.signal);
        await ctx.progress(step, steps, `step ${step} of ${steps}`);
      }
      return `counted to ${steps}`;
    },
  );

  server.tool(
    'slow',
    {
      description: 'Waits `ms` milliseconds unless cancelled.',
      inputSchema: { ms: z.number().int().min(0) },
    },
    async ({ ms }, ctx) => {
      try {
        await sleep(ms, ctx.signal);
      } catch (error) {
        cancelled++;
        throw error;
      }
      return `slept ${ms} ms`;
    },
  );

  server.tool('stats', { description: 'What the server has observed so far.' }, () => ({
    structuredContent: { cancelled, counter },
    content: [{ type: 'text', text: JSON.stringify({ cancelled, counter }) }],
  }));

  server.tool(
    'ask_model',
    {
      description: 'Asks the client model (sampling) and returns its answer.',
      inputSchema: { question: z.string() },
    },
    async ({ question }, ctx) => {
      const answer = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: question } }],
        maxTokens: 64,
      });
      const text =
        answer.content && 'text' in answer.content ? answer.content.text : JSON.stringify(answer.content);
      return `model ${answer.model} said: ${text}`;
    },
  );

  server.tool(
    'ask_user',
    { description: 'Asks the user for their name (elicitation).' },
    async (_args, ctx) => {
      const reply = await ctx.elicit('What is your name?', { name: z.string() });
      return reply.action === 'accept' ? `hello ${reply.content.name}` : `user chose ${reply.action}`;
    },
  );

  server.tool('list_roots', { description: 'Lists the client roots.' }, async (_args, ctx) => {
    const roots = await ctx.listRoots();
    return `roots: ${roots.map((root) => root.uri).join(', ')}`;
  });

  server.tool(
    'log',
    { description: 'Logs a message at info and at error level.', inputSchema: { message: z.string() } },
    async ({ message }, ctx) => {
      await ctx.log.info(`info: ${message}`, 'full-feature');
      await ctx.log.error(`error: ${message}`, 'full-feature');
      return 'logged';
    },
  );

  server.tool('bump', { description: 'Increments memo://counter and tells its subscribers.' }, () => {
    counter++;
    server.notifyResourceUpdated(COUNTER_URI);
    return `counter is ${counter}`;
  });

  server.resource(COUNTER_URI, { name: 'counter', mimeType: 'text/plain' }, () => `counter=${counter}`);
  server.resource(
    'memo://readme',
    { name: 'readme', description: 'A static text resource', mimeType: 'text/markdown' },
    () => '# Full-feature server',
  );

  server.resourceTemplate(
    'city://{name}',
    {
      name: 'city',
      mimeType: 'text/plain',
      list: () => CITIES.slice(0, 2).map((name) => ({ uri: `city://${name}`, name })),
      complete: { name: (value) => CITIES.filter((city) => city.startsWith(value)) },
    },
    (_uri, { name }) => `welcome to ${String(name)}`,
  );

  server.prompt(
    'trip',
    {
      description: 'Plans a trip to a city.',
      arguments: { city: z.string(), days: z.string().optional() },
      complete: { city: (value) => CITIES.filter((city) => city.startsWith(value)) },
    },
    ({ city, days }) => `Plan ${days ?? '3'} days in ${city}.`,
  );

  return server;
}
