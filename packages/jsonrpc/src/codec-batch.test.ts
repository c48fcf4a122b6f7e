// Batches (2025-03-26) in the codec: their size is bounded before any element is looked at, and a
// request id used twice in one batch is refused (issue 15, item 2).
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BATCH_SIZE, decodeMessage, decodeMessageItems, validateMessage } from './codec.js';
import { JsonRpcError } from './errors.js';

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const pings = (count: number) => Array.from({ length: count }, (_, index) => ping(index));

function thrownBy(run: () => unknown): JsonRpcError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JsonRpcError);
    return error as JsonRpcError;
  }
  throw new Error('expected a JsonRpcError');
}

describe('batch size limit', () => {
  it('accepts up to 1 000 messages by default and refuses one more with -32600 naming both numbers', () => {
    expect(DEFAULT_MAX_BATCH_SIZE).toBe(1000);
    expect(decodeMessage(JSON.stringify(pings(1000)))).toHaveLength(1000);
    const error = thrownBy(() => decodeMessage(JSON.stringify(pings(1001))));
    expect(error.code).toBe(-32600);
    expect(error.message).toBe(
      'Invalid request: a batch of 1001 messages is over the limit of 1000 (maxBatchSize)',
    );
    // One answer for the whole batch, which no single request id stands for.
    expect(error.response).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: error.message },
    });
  });

  it('takes the limit from maxBatchSize, in every entry point', () => {
    const text = JSON.stringify(pings(5));
    expect(decodeMessage(text, { maxBatchSize: 5 })).toHaveLength(5);
    expect(thrownBy(() => decodeMessage(text, { maxBatchSize: 4 })).message).toContain(
      'a batch of 5 messages is over the limit of 4 (maxBatchSize)',
    );
    expect(thrownBy(() => validateMessage(pings(5), { maxBatchSize: 4 })).message).toContain('limit of 4');
    expect(thrownBy(() => decodeMessageItems(text, { maxBatchSize: 4 })).message).toContain('limit of 4');
    expect(decodeMessageItems(text, { maxBatchSize: 5 }).items).toHaveLength(5);
  });

  it('refuses an oversized batch before looking at its elements', () => {
    // 90 000 elements that are not messages at all: the size is the one error reported.
    const garbage = `[${Array.from({ length: 90_000 }, () => '1').join(',')}]`;
    expect(thrownBy(() => decodeMessage(garbage)).message).toContain('a batch of 90000 messages');
  });
});

describe('duplicate request ids in a batch', () => {
  it('refuses the batch whole, naming the id and both places', () => {
    const batch = [ping(7), ping(8), { jsonrpc: '2.0', method: 'n' }, ping(7)];
    const error = thrownBy(() => decodeMessage(JSON.stringify(batch)));
    expect(error.code).toBe(-32600);
    expect(error.message).toBe('Invalid request at $[3].id: duplicate id 7 in this batch (first at $[0])');
    expect(error.response?.id).toBeNull();
    const named = thrownBy(() => validateMessage([ping('a'), ping('a')]));
    expect(named.message).toContain('duplicate id "a" in this batch (first at $[0])');
  });

  it('counts only requests, and tells 7 from "7"', () => {
    const batch = [
      ping(7),
      ping('7'),
      { jsonrpc: '2.0', method: 'notifications/progress' },
      { jsonrpc: '2.0', method: 'notifications/progress' },
      { jsonrpc: '2.0', id: 7, result: {} },
    ];
    expect(decodeMessage(JSON.stringify(batch))).toEqual(batch);
  });

  it('decodeMessageItems keeps the first request with an id and answers each later one on its own', () => {
    const { items } = decodeMessageItems(JSON.stringify([ping(7), ping(1), ping(7), ping(7)]));
    expect(items[0]).toEqual(ping(7));
    expect(items[1]).toEqual(ping(1));
    for (const index of [2, 3]) {
      const item = items[index] as JsonRpcError;
      expect(item).toBeInstanceOf(JsonRpcError);
      expect(item.response).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32600,
          message: `Invalid request at $[${index}].id: duplicate id 7 in this batch (first at $[0])`,
        },
      });
    }
  });
});
