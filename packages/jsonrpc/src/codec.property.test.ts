// Property tests: whatever arrives, the codec and the peer either accept a valid message or produce
// a JSON-RPC error; nothing throws anything else. Fixed seeds keep failures reproducible.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { decodeMessage, decodeMessageItems, encodeMessage } from './codec.js';
import { JsonRpcError } from './errors.js';
import { JsonRpcPeer } from './peer.js';
import { RecordingTransport } from './test-helpers/recording-transport.js';

const RUNS = 100_000;
const SLOW = { timeout: 120_000 };
const decoder = new TextDecoder();

/** An independent statement of what a valid message is, written as plainly as possible. */
function isValidMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return false;
  const idOk = (id: unknown) =>
    typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
  const isObject = (v: unknown) => typeof v === 'object' && v !== null;
  if (typeof m.method === 'string') {
    return (
      (!('id' in m) || idOk(m.id)) &&
      (!('params' in m) || isObject(m.params)) &&
      !('result' in m) &&
      !('error' in m)
    );
  }
  if ('method' in m) return false;
  if ('result' in m) return !('error' in m) && idOk(m.id) && isObject(m.result) && !Array.isArray(m.result);
  if ('error' in m) {
    const e = m.error as Record<string, unknown>;
    return (
      (m.id === null || idOk(m.id)) &&
      isObject(e) &&
      !Array.isArray(e) &&
      Number.isSafeInteger(e.code) &&
      typeof e.message === 'string'
    );
  }
  return false;
}

function isUnhandledNotification(value: unknown): boolean {
  return isValidMessage(value) && 'method' in (value as object) && !('id' in (value as object));
}

function isValidDecodeResult(result: unknown): boolean {
  if (Array.isArray(result)) return result.length > 0 && result.every(isValidMessage);
  return isValidMessage(result);
}

/** Decodes and checks the outcome is a valid message or a well-formed -32700/-32600 JsonRpcError. */
function decodeOutcomeIsSound(text: string): boolean {
  try {
    return isValidDecodeResult(decodeMessage(text));
  } catch (error) {
    if (!(error instanceof JsonRpcError)) return false;
    if (error.code !== -32700 && error.code !== -32600) return false;
    const response = error.response;
    return (
      response !== undefined &&
      isValidMessage(response) &&
      response.error.message === error.message &&
      error.message.length > 0
    );
  }
}

// Arbitraries chosen for speed (100 000 runs each in a few seconds): near-messages built from
// small sets of edge values, where the interesting bugs live, plus some arbitrary JSON.
const pick = fc.constantFrom;
const nearMessage = fc
  .record({
    jsonrpc: pick('2.0', '2.0', '2.0', '1.0', 2, null, undefined),
    id: fc.oneof(
      pick(0, -1, 1.5, 2 ** 53, -(2 ** 53), null, true, {}, [], '', undefined),
      fc.integer(),
      fc.string({ maxLength: 4 }),
    ),
    method: pick(
      'm',
      'n',
      '',
      'notifications/cancelled',
      'notifications/progress',
      5,
      null,
      undefined,
      undefined,
    ),
    params: pick(
      undefined,
      undefined,
      {},
      [],
      [1],
      'p',
      null,
      3,
      { requestId: 1 },
      { progressToken: 0, progress: 1 },
    ),
    result: pick(undefined, undefined, undefined, {}, [], null, 'r', 1),
    error: pick(
      undefined,
      undefined,
      undefined,
      { code: 1, message: 'm' },
      { code: 1.5, message: 'm' },
      { code: 1 },
      null,
      'e',
    ),
  })
  // Round-trip through JSON so values look exactly like parsed input (undefined members vanish).
  .map((message) => JSON.parse(JSON.stringify(message)) as unknown);
const anyInput = fc.oneof(
  { arbitrary: nearMessage, weight: 5 },
  { arbitrary: fc.array(nearMessage, { maxLength: 3 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall' }), weight: 1 },
);
/** UTF-16 strings of any code units, lone surrogates included. */
const unicodeText = fc.uint16Array({ maxLength: 64 }).map((units) => String.fromCharCode(...units));
/** Text that starts like JSON, so that JSON.parse itself is exercised rather than the fast pre-check. */
const _jsonish = fc
  .tuple(pick('{', '[', '{"jsonrpc":"2.0",', '"', '-', '1', 't'), unicodeText)
  .map(([head, tail]) => head + tail);

describe('codec properties', () => {
  it('random byte strings decode to a valid message or a JSON-RPC error', SLOW, () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => decodeOutcomeIsSound(decoder.decode(bytes))),
      { seed: 20261122, numRuns: RUNS },
    );
  });

  it('random unicode strings decode to a valid message or a JSON-RPC error', SLOW, () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 64 }), decodeOutcomeIsSound), {
      seed: 1122,
      numRuns: RUNS,
    });
  });

  it('random JSON values (and near-messages) decode to a valid message or a JSON-RPC error', SLOW, () => {
    fc.assert(
      fc.property(anyInput, (value) => decodeOutcomeIsSound(JSON.stringify(value) ?? 'null')),
      { seed: 42, numRuns: RUNS },
    );
  });

  it('decodeMessageItems yields, per element, a valid message or an error with its response', SLOW, () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        let items: unknown[];
        try {
          items = decodeMessageItems(JSON.stringify(value) ?? 'null').items;
        } catch (error) {
          return error instanceof JsonRpcError && error.response !== undefined;
        }
        return items.every((item) =>
          item instanceof JsonRpcError
            ? item.code === -32600 && isValidMessage(item.response)
            : isValidMessage(item),
        );
      }),
      { seed: 5, numRuns: RUNS },
    );
  });

  it('what decodes re-encodes to an equal message', SLOW, () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        let decoded: unknown;
        try {
          decoded = decodeMessage(JSON.stringify(value) ?? 'null');
        } catch (error) {
          return error instanceof JsonRpcError;
        }
        const encoded = encodeMessage(decoded as never);
        return encodeMessage(decodeMessage(encoded)) === encoded;
      }),
      { seed: 7, numRuns: RUNS },
    );
  });
});

describe('peer receive-path properties', () => {
  it(
    'random values reaching a peer never throw and end as dispatch, a valid reply, or onerror',
    SLOW,
    async () => {
      const transport = new RecordingTransport();
      const errors: Error[] = [];
      const peer = new JsonRpcPeer({ onerror: (error) => errors.push(error) });
      await peer.connect(transport);
      let handled = 0;
      peer.fallbackRequestHandler = () => {
        handled++;
        return {};
      };
      peer.setNotificationHandler('n', () => {
        handled++;
      });
      fc.assert(
        fc.property(anyInput, (value) => {
          const before = { sent: transport.sent.length, errors: errors.length, handled };
          transport.deliver(value);
          const sent = transport.sent.slice(before.sent);
          // Everything the peer sends in reply must itself be a valid message.
          if (!sent.every((entry) => isValidMessage(entry.message))) return false;
          // Notifications without a handler are legitimately dropped; anything else leaves a trace.
          const traced = sent.length > 0 || errors.length > before.errors || handled > before.handled;
          const droppable = Array.isArray(value)
            ? value.length > 0 && value.every(isUnhandledNotification)
            : isUnhandledNotification(value);
          return traced || droppable;
        }),
        { seed: 99, numRuns: RUNS },
      );
    },
  );
});
