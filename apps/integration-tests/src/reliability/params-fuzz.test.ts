// Fuzzes request params: random JSON for every MCP method, sent to a server on an in-memory pair.
// Each request must get exactly one answer (a result or a JSON-RPC error with a numeric code and a
// message), quickly; random params are the client's fault, so none may be an internal error.
import type { Transport } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { type JSONRPCMessage, Method } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReliabilityServer, fuzzSeeds, INITIALIZE } from './helpers.js';

/** 50 000 cases per seed, two seeds: the 100 000 the issue asks for, in a few seconds. */
const RUNS_PER_SEED = 50_000;
const ANSWER_DEADLINE_MS = 2000;

const METHODS = [...Object.values(Method), 'no/such/method', ''];

interface Answer {
  id: unknown;
  result?: unknown;
  error?: { code: unknown; message: unknown };
}

/** Sends raw messages and awaits the answer by id, with a deadline. */
class RawClient {
  readonly #waiting = new Map<string | number, (answer: Answer) => void>();
  readonly stray: JSONRPCMessage[] = [];
  constructor(private readonly transport: Transport) {
    transport.onmessage = (message) => {
      const answer = message as Answer;
      const resolve =
        'id' in message && !('method' in message) ? this.#waiting.get(answer.id as string) : undefined;
      if (resolve) {
        this.#waiting.delete(answer.id as string);
        resolve(answer);
      } else if (!('method' in message)) {
        this.stray.push(message);
      }
    };
  }

  request(message: Record<string, unknown> & { id: string | number }): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(message.id);
        reject(
          new Error(`no answer to ${JSON.stringify(message).slice(0, 300)} within ${ANSWER_DEADLINE_MS} ms`),
        );
      }, ANSWER_DEADLINE_MS);
      this.#waiting.set(message.id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      void this.transport.send(message as unknown as JSONRPCMessage).catch(reject);
    });
  }
}

const paramsArb = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        name: fc.oneof(fc.constant('echo'), fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })),
        arguments: fc.oneof(
          fc.record({ message: fc.jsonValue({ maxDepth: 2 }) }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        uri: fc.oneof(fc.constant('echo://x'), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
        cursor: fc.jsonValue({ maxDepth: 1 }),
        level: fc.oneof(fc.constantFrom('debug', 'error', 'nope'), fc.jsonValue({ maxDepth: 1 })),
        ref: fc.jsonValue({ maxDepth: 2 }),
        argument: fc.jsonValue({ maxDepth: 2 }),
        taskId: fc.jsonValue({ maxDepth: 1 }),
        _meta: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

describe('fuzzing request params against a server on an in-memory pair', () => {
  it.each(fuzzSeeds())(
    'answers every request with a result or a client error (seed %i)',
    async (seed) => {
      const server = createReliabilityServer();
      const [clientSide, serverSide] = createInMemoryTransportPair();
      const client = new RawClient(clientSide);
      await server.connect(serverSide);
      await clientSide.start();
      expect((await client.request(INITIALIZE)).result).toBeDefined();
      await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

      const internalErrors: string[] = [];
      let next = 0;
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...METHODS), paramsArb, async (method, params) => {
            const id = ++next;
            const answer = await client.request({
              jsonrpc: '2.0',
              id,
              method,
              ...(params === undefined ? {} : { params }),
            });
            if (answer.error !== undefined) {
              expect(Number.isInteger(answer.error.code), JSON.stringify(answer)).toBe(true);
              expect(typeof answer.error.message === 'string' && answer.error.message.length > 0).toBe(true);
              if (answer.error.code === -32603)
                internalErrors.push(`${method} ${JSON.stringify(params)}: ${answer.error.message}`);
            } else {
              expect(answer.result, `${method} answered neither result nor error`).toBeDefined();
            }
          }),
          { seed, numRuns: RUNS_PER_SEED, endOnFailure: true },
        );
        const ok = await client.request({
          jsonrpc: '2.0',
          id: 'after',
          method: 'tools/call',
          params: { name: 'echo', arguments: { message: 'ok' } },
        });
        expect(ok.result).toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
      } catch (error) {
        throw new Error(
          `params fuzz failed with seed ${seed} (replay with FUZZ_SEED=${seed}): ${String(error)}`,
          { cause: error },
        );
      } finally {
        await clientSide.close();
      }
      expect(client.stray).toEqual([]);
      expect(internalErrors.slice(0, 5), `internal errors for client mistakes (seed ${seed})`).toEqual([]);
    },
    90_000,
  );
});
