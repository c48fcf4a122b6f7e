import { createHook } from 'node:async_hooks';
import { runInNewContext } from 'node:vm';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import type { HandleOutcome } from './dispatch.js';
import type { RequestContext } from './request-context.js';

// What the middleware chain costs per request, counted in promises (each one is an async_hooks
// resource, dearer still once an AsyncLocalStorage such as OTel's context manager has run).

function makeServer(): McpServer {
  const server = new McpServer({ name: 'cost', version: '1' }, { protocolVersions: ['2025-11-25'] });
  server.tool('echo', { inputSchema: { text: z.string() } }, ({ text }) => text);
  return server;
}

function context(): RequestContext {
  return {
    protocolVersion: '2025-11-25',
    clientCapabilities: {},
    signal: new AbortController().signal,
    sendNotification: async () => undefined,
    requestInput: () => Promise.reject(new Error('none')),
  };
}

const params: JSONObject = { name: 'echo', arguments: { text: 'hi' } };

/** Promises created while answering `requests` requests one after another. */
async function promisesFor(server: McpServer, requests: number): Promise<number> {
  const outcomes: HandleOutcome[] = [];
  let count = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') count++;
    },
  });
  hook.enable();
  for (let i = 0; i < requests; i++)
    outcomes.push(await server.handleNow({ method: 'tools/call', params }, context()));
  hook.disable();
  expect(outcomes.every((outcome) => outcome.type === 'result')).toBe(true);
  return count;
}

/** Promises per request, from the difference between 110 and 10 requests (fixed costs cancel). */
async function promisesPerRequest(server: McpServer): Promise<number> {
  await promisesFor(server, 10); // warm up
  return ((await promisesFor(server, 110)) - (await promisesFor(server, 10))) / 100;
}

describe('McpServer middleware cost', () => {
  it('adds at most two promises per request for one middleware that returns next()', async () => {
    const bare = await promisesPerRequest(makeServer());
    const observed = makeServer();
    observed.use((_ctx, next) => next());
    const withMiddleware = await promisesPerRequest(observed);
    expect(withMiddleware - bare).toBeLessThanOrEqual(2);
  });

  it('adds at most two promises per request per layer', async () => {
    const bare = await promisesPerRequest(makeServer());
    const layered = makeServer();
    layered.use((_ctx, next) => next());
    layered.use((_ctx, next) => next());
    layered.use((_ctx, next) => next());
    expect((await promisesPerRequest(layered)) - bare).toBeLessThanOrEqual(6);
  });

  it('keeps a middleware that answers synchronously synchronous', () => {
    const server = makeServer();
    server.use(() => ({ type: 'result', result: { answered: true } }));
    const outcome = server.handleNow({ method: 'tools/call', params }, context());
    expect(outcome).toEqual({ type: 'result', result: { answered: true } });
  });

  it("settles a thenable that is not this realm's Promise", async () => {
    const server = makeServer();
    const answer: HandleOutcome = { type: 'result', result: { answered: true } };
    const OtherPromise = runInNewContext('Promise') as PromiseConstructor;
    server.use(() => OtherPromise.resolve(answer));
    expect(await server.handleNow({ method: 'tools/call', params }, context())).toEqual(answer);
  });
});
