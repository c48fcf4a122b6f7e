// Fuzzes the stdio framing through the server transport on PassThrough streams: random bytes,
// invalid UTF-8, valid messages cut at random split points, giant lines and (Content-Length
// framing) headers that lie. After every case a ping must still be answered, every other answer
// must be a JSON-RPC response, and nothing may throw.
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { contentLengthFraming } from '@mcpkit/transport-stdio/content-length';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReliabilityServer, fuzzSeeds, INITIALIZE } from './helpers.js';

/** Newline framing: 50 000 cases per seed, two seeds = the 100 000 the issue asks for. */
const NEWLINE_RUNS_PER_SEED = 50_000;
const CONTENT_LENGTH_RUNS_PER_SEED = 10_000;
/** Small, so giant lines are cheap to produce; the default is 16 MiB. */
const MAX_MESSAGE_BYTES = 8 * 1024;
const ANSWER_DEADLINE_MS = 2000;
const encoder = new TextEncoder();

type Framing = 'newline' | 'content-length';

function frame(framing: Framing, text: string): Uint8Array {
  const body = encoder.encode(text);
  if (framing === 'newline') return new Uint8Array([...body, 0x0a]);
  return new Uint8Array([...encoder.encode(`Content-Length: ${body.length}\r\n\r\n`), ...body]);
}

/** A server on PassThrough streams, read back by a second transport with the same framing. */
async function startServer(framing: Framing) {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = createReliabilityServer();
  const framingOption = framing === 'content-length' ? contentLengthFraming : undefined;
  const transport = new StdioServerTransport({
    stdin: toServer,
    stdout: fromServer,
    framing: framingOption,
    maxMessageBytes: MAX_MESSAGE_BYTES,
  });
  const reader = new StdioServerTransport({
    stdin: fromServer,
    stdout: new PassThrough(),
    framing: framingOption,
  });
  const answers = new Map<string | number, (message: JSONRPCMessage) => void>();
  const others: JSONRPCMessage[] = [];
  const transportErrors: Error[] = [];
  transport.onerror = (error) => transportErrors.push(error);
  reader.onmessage = (message) => {
    const id = 'id' in message ? (message.id as string | number) : undefined;
    const waiting = id === undefined ? undefined : answers.get(id);
    if (waiting && id !== undefined) {
      answers.delete(id);
      waiting(message);
    } else {
      others.push(message);
    }
  };
  await reader.start();
  await server.connect(transport);
  const answerTo = (id: string) =>
    new Promise<JSONRPCMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer to request ${id} within ${ANSWER_DEADLINE_MS} ms`)),
        ANSWER_DEADLINE_MS,
      );
      answers.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  const request = (id: string, method: string, params?: unknown) => {
    const answer = answerTo(id);
    toServer.write(
      frame(
        framing,
        JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
      ),
    );
    return answer;
  };
  await request('init', 'initialize', INITIALIZE.params);
  toServer.write(frame(framing, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })));
  const close = async () => {
    await transport.close();
    await reader.close();
  };
  return { toServer, answerTo, request, others, transportErrors, close };
}

const garbageArb = fc.oneof(
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 256 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(0x80, 0xbf, 0xc0, 0xe2, 0xed, 0xf4, 0xff, 0x7b, 0x22), { maxLength: 64 })
      .map((b) => new Uint8Array(b)),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => encoder.encode(JSON.stringify(v))) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: MAX_MESSAGE_BYTES, max: 4 * MAX_MESSAGE_BYTES })
      .map((n) => new Uint8Array(n).fill(0x61)),
  },
);

/** A case: garbage (or a valid ping) cut into chunks at random split points. */
const caseArb = fc.record({
  valid: fc.boolean(),
  garbage: garbageArb,
  splits: fc.array(fc.nat(), { maxLength: 4 }),
});

function chunked(bytes: Uint8Array, splits: number[]): Uint8Array[] {
  const points = [...new Set(splits.map((s) => s % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks.filter((chunk) => chunk.length > 0);
}

function expectResponseShape(message: JSONRPCMessage): void {
  const error = (message as { error?: { code?: unknown; message?: unknown } }).error;
  expect(error, `unexpected message ${JSON.stringify(message).slice(0, 200)}`).toBeDefined();
  expect(Number.isInteger(error?.code)).toBe(true);
  expect(typeof error?.message).toBe('string');
}

describe('fuzzing the stdio framing', () => {
  it.each(fuzzSeeds())(
    'newline framing survives garbage, splits and giant lines (seed %i)',
    async (seed) => {
      const server = await startServer('newline');
      let n = 0;
      try {
        await fc.assert(
          fc.asyncProperty(caseArb, async ({ valid, garbage, splits }) => {
            n++;
            if (valid) {
              const ping = frame(
                'newline',
                JSON.stringify({ jsonrpc: '2.0', id: `split-${n}`, method: 'ping' }),
              );
              const answered = server.answerTo(`split-${n}`);
              for (const chunk of chunked(ping, splits)) server.toServer.write(chunk);
              expect(await answered).toMatchObject({ id: `split-${n}`, result: {} });
              return;
            }
            // A newline ends the garbage so the ping that follows starts a fresh line.
            for (const chunk of chunked(new Uint8Array([...garbage, 0x0a]), splits))
              server.toServer.write(chunk);
            expect(await server.request(`ping-${n}`, 'ping')).toMatchObject({ result: {} });
          }),
          { seed, numRuns: NEWLINE_RUNS_PER_SEED, endOnFailure: true },
        );
        for (const message of server.others) expectResponseShape(message);
      } catch (error) {
        throw new Error(
          `stdio newline fuzz failed with seed ${seed} (replay with FUZZ_SEED=${seed}): ${String(error)}`,
          { cause: error },
        );
      } finally {
        await server.close();
      }
    },
    90_000,
  );

  it.each(fuzzSeeds())(
    'Content-Length framing survives lying lengths and garbage bodies (seed %i)',
    async (seed) => {
      const server = await startServer('content-length');
      let n = 0;
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.uint8Array({ maxLength: 128 }),
            fc.integer({ min: -64, max: 64 }),
            async (body, lie) => {
              n++;
              // The header claims `claimed` bytes; the test sends the body and pads (or the body is cut)
              // so exactly `claimed` bytes follow: a lie shifts which bytes count as the message.
              const claimed = Math.max(0, body.length + lie);
              const sent = new Uint8Array(claimed);
              sent.set(body.subarray(0, claimed));
              server.toServer.write(encoder.encode(`Content-Length: ${claimed}\r\n\r\n`));
              server.toServer.write(sent);
              expect(await server.request(`ping-${n}`, 'ping')).toMatchObject({ result: {} });
            },
          ),
          { seed, numRuns: CONTENT_LENGTH_RUNS_PER_SEED, endOnFailure: true },
        );
        // Header garbage: the decoder must skip it and find the next frame.
        server.toServer.write(encoder.encode('Content-Length: banana\r\nX: \xff\r\n\r\n'));
        server.toServer.write(
          encoder.encode(
            `Content-Length: ${MAX_MESSAGE_BYTES * 4}\r\n\r\n${'a'.repeat(MAX_MESSAGE_BYTES * 4)}`,
          ),
        );
        expect(await server.request('after-garbage-headers', 'ping')).toMatchObject({ result: {} });
        for (const message of server.others) expectResponseShape(message);
      } catch (error) {
        throw new Error(
          `stdio content-length fuzz failed with seed ${seed} (replay with FUZZ_SEED=${seed}): ${String(error)}`,
          { cause: error },
        );
      } finally {
        await server.close();
      }
    },
    90_000,
  );
});
