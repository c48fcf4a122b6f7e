// Fuzzes the Web handler with arbitrary requests: methods, headers, content types, bodies (random
// bytes, invalid UTF-8, truncated JSON, huge headers). Every answer must come quickly and be
// spec-shaped, nothing may reject unhandled, and a valid session must still work afterwards.
import { Method } from '@mcpkit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callEcho,
  createEchoHandler,
  ENDPOINT,
  expectSpecShapedError,
  fuzzSeeds,
  INITIALIZE,
  openSession,
  PROTOCOL_VERSION,
} from './helpers.js';

/** 50 000 cases per seed, two seeds: the 100 000 the issue asks for (about half a minute here). */
const RUNS_PER_SEED = 50_000;
const ANSWER_DEADLINE_MS = 2000;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => process.off('unhandledRejection', onUnhandled));

const validBodies = [
  JSON.stringify(INITIALIZE),
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
  JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
];

const bodyArb: fc.Arbitrary<Uint8Array | string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 512 }),
  // Invalid UTF-8: lone continuation bytes and truncated multi-byte sequences inside JSON.
  fc
    .array(fc.constantFrom(0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff, 0xfe), { minLength: 1, maxLength: 16 })
    .map(
      (bad) =>
        new Uint8Array([
          ...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"'),
          ...bad,
          0x22,
          0x7d,
        ]),
    ),
  fc.json({ maxDepth: 6 }),
  fc.tuple(fc.constantFrom(...validBodies), fc.nat()).map(([body, cut]) => body.slice(0, cut % body.length)),
  fc.constantFrom(...validBodies),
  // Well-formed JSON-RPC with a real MCP method and arbitrary params, single or batched.
  fc
    .array(
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.nat(), fc.string({ maxLength: 8 })),
        method: fc.constantFrom(...Object.values(Method)),
        params: fc.jsonValue({ maxDepth: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .chain((messages) => fc.constantFrom(JSON.stringify(messages[0]), JSON.stringify(messages))),
  fc.nat({ max: 200 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

const headerValueArb = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_/;=,.* '.split('')),
    maxLength: 40,
  }),
  fc.nat({ max: 64 * 1024 }).map((size) => 'x'.repeat(size)),
);

const headersArb = (liveSessionId: string) =>
  fc.record(
    {
      'content-type': fc.oneof(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          '',
        ),
        headerValueArb,
      ),
      accept: fc.oneof(
        fc.constantFrom(
          'application/json, text/event-stream',
          'text/event-stream',
          'application/json',
          '*/*',
        ),
        headerValueArb,
      ),
      // Half the time the live session's id, so the fuzz reaches past the session lookup.
      'mcp-session-id': fc.oneof(fc.constant(liveSessionId), headerValueArb),
      'mcp-protocol-version': fc.oneof(
        fc.constantFrom(PROTOCOL_VERSION, '2025-03-26', '2024-11-05', '2026-07-28'),
        headerValueArb,
      ),
      'last-event-id': headerValueArb,
      origin: fc.constantFrom('http://127.0.0.1', 'http://evil.example', 'null', 'not a url'),
      'x-junk': headerValueArb,
    },
    { requiredKeys: [] },
  );

const requestArb = (liveSessionId: string) =>
  fc.record({
    method: fc.constantFrom(
      'GET',
      'POST',
      'POST',
      'POST',
      'DELETE',
      'PUT',
      'PATCH',
      'OPTIONS',
      'HEAD',
      'PROPFIND',
    ),
    path: fc.constantFrom(
      '/mcp',
      '/mcp',
      '/sse',
      '/messages',
      '/messages?sessionId=abc',
      '/',
      '/mcp/../x',
      '/%ff',
    ),
    headers: headersArb(liveSessionId),
    body: bodyArb,
  });

function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${ANSWER_DEADLINE_MS} ms`)),
      ANSWER_DEADLINE_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe('fuzzing the Streamable HTTP handler', () => {
  it.each(fuzzSeeds())(
    'answers arbitrary requests with spec-shaped responses (seed %i)',
    async (seed) => {
      const { handler, errors } = createEchoHandler();
      const liveSessionId = await openSession(handler);
      try {
        await fc.assert(
          fc.asyncProperty(requestArb(liveSessionId), async ({ method, path, headers, body }) => {
            const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
            const request = new Request(new URL(path, ENDPOINT), {
              method,
              headers,
              ...(hasBody ? { body: body as BodyInit } : {}),
            });
            const response = await withDeadline(handler(request), `${method} ${path}`);
            expect(response.status).toBeGreaterThanOrEqual(200);
            expect(response.status).toBeLessThan(600);
            const type = response.headers.get('content-type') ?? '';
            if (response.status >= 400 && type.includes('application/json')) {
              await withDeadline(expectSpecShapedError(response), 'reading the error body');
            } else {
              // A stream (e.g. a legacy GET /sse) stays open by design: drop it rather than read it.
              await response.body?.cancel();
            }
          }),
          { seed, numRuns: RUNS_PER_SEED, endOnFailure: true },
        );
        const sessionId = await openSession(handler);
        expect(await callEcho(handler, sessionId, `still alive ${seed}`)).toBe(`still alive ${seed}`);
        expect(unhandled, `unhandled rejections (seed ${seed})`).toEqual([]);
      } catch (error) {
        throw new Error(
          `HTTP fuzz failed with seed ${seed} (replay with FUZZ_SEED=${seed}): ${String(error)}`,
          {
            cause: error,
          },
        );
      } finally {
        await handler.close({ timeoutMs: 500 });
      }
      // onerror reports problems without an HTTP request to answer; fuzzing must not produce any
      // beyond failed writes to streams the test dropped on purpose.
      expect(errors.filter((error) => !/abort|cancel|closed/i.test(error.message))).toEqual([]);
    },
    60_000,
  );
});
