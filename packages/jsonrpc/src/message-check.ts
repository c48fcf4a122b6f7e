// Structural checks of JSON-RPC 2.0 messages, hand-written because they run on every message:
// a handful of typeof tests, no allocation unless something is wrong.
import { describeValue as describe, type JSONRPCMessage, type RequestId } from '@mcpkit/protocol/essentials';

/** A JSON value for error messages; undefined only when the member is missing. */
export function describeValue(value: unknown): string {
  return describe(value, value !== undefined);
}

/**
 * Returns what is wrong with `value` as one JSON-RPC message (with the path, rooted at `at`),
 * or `undefined` when it is a valid request, notification or response.
 */
export function findMessageProblem(value: unknown, at: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `${at}: expected a JSON-RPC message object, got ${describeValue(value)}`;
  }
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') {
    return `${at}.jsonrpc: expected "2.0", got ${describeValue(message.jsonrpc)}`;
  }
  const method = message.method;
  if (method !== undefined) {
    if (typeof method !== 'string') return `${at}.method: expected a string, got ${describeValue(method)}`;
    const id = message.id;
    if (id !== undefined && !isRequestId(id)) {
      return `${at}.id: expected a string or a safe integer, got ${describeValue(id)}`;
    }
    const params = message.params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return `${at}.params: expected an object or an array, got ${describeValue(params)}`;
    }
    if (message.result !== undefined || message.error !== undefined) {
      return `${at}: a request or notification cannot also carry "result" or "error"`;
    }
    return undefined;
  }
  return findResponseProblem(message, at);
}

function findResponseProblem(message: Record<string, unknown>, at: string): string | undefined {
  const id = message.id;
  const result = message.result;
  const error = message.error;
  if (result !== undefined) {
    if (error !== undefined) return `${at}: a response cannot carry both "result" and "error"`;
    if (!isRequestId(id)) return `${at}.id: expected a string or a safe integer, got ${describeValue(id)}`;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      return `${at}.result: expected an object, got ${describeValue(result)}`;
    }
    return undefined;
  }
  if (error !== undefined) {
    if (id !== null && !isRequestId(id)) {
      return `${at}.id: expected a string, a safe integer or null, got ${describeValue(id)}`;
    }
    if (typeof error !== 'object' || error === null || Array.isArray(error)) {
      return `${at}.error: expected an object with "code" and "message", got ${describeValue(error)}`;
    }
    const { code, message: text } = error as Record<string, unknown>;
    if (!Number.isSafeInteger(code))
      return `${at}.error.code: expected an integer, got ${describeValue(code)}`;
    if (typeof text !== 'string') return `${at}.error.message: expected a string, got ${describeValue(text)}`;
    return undefined;
  }
  return `${at}: expected "method" (request or notification) or "result"/"error" (response), found neither`;
}

/** The requests seen so far in a batch: id -> index of the element. */
export type BatchIds = Map<RequestId, number>;

/**
 * For a valid message at `index` of a batch: the problem (with its path) when it is a request
 * reusing the id of an earlier request of the batch, else `undefined` (and the id is noted).
 */
export function findDuplicateId(message: JSONRPCMessage, index: number, ids: BatchIds): string | undefined {
  if (!('method' in message && 'id' in message)) return undefined;
  const first = ids.get(message.id);
  if (first === undefined) {
    ids.set(message.id, index);
    return undefined;
  }
  return `$[${index}].id: duplicate id ${JSON.stringify(message.id)} in this batch (first at $[${first}])`;
}

export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/** The id of a (possibly malformed) message when it can be read, else `null`. */
export function readableId(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return isRequestId(id) ? id : null;
}
