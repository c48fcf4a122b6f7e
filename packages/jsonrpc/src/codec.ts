import { ErrorCode, type JSONRPCMessage } from '@mcpkit/protocol/essentials';
import { JsonRpcError } from './errors.js';
import { type BatchIds, findDuplicateId, findMessageProblem, readableId } from './message-check.js';

/** Default limit on how deeply arrays and objects may nest in one incoming message. */
export const DEFAULT_MAX_DEPTH = 64;

/**
 * Default limit on the messages in one batch (2025-03-26). Real clients batch a handful; 1 000
 * stays under the default of 1 024 requests in flight, so a permitted batch is not mostly refused.
 */
export const DEFAULT_MAX_BATCH_SIZE = 1000;

/** Limits applied when decoding JSON-RPC text: nesting depth and batch size. */
export interface DecodeOptions {
  /** Deepest allowed nesting of arrays/objects (the message object itself is depth 1). Default 64. */
  maxDepth?: number | undefined;
  /**
   * Most messages in one batch (default 1 000). A longer batch is refused whole with -32600, before
   * any element is looked at.
   */
  maxBatchSize?: number | undefined;
}

/** Serialises one message (or a batch) to JSON text. */
export function encodeMessage(message: JSONRPCMessage | readonly JSONRPCMessage[]): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    throw new JsonRpcError(
      ErrorCode.InternalError,
      `Cannot encode JSON-RPC message: ${error instanceof Error ? error.message : String(error)}`,
      undefined,
      { cause: error },
    );
  }
  if (text === undefined) {
    throw new JsonRpcError(ErrorCode.InternalError, 'Cannot encode JSON-RPC message: the value is not JSON');
  }
  return text;
}

/**
 * Parses JSON text into one JSON-RPC message, or an array for a batch, checking its structure.
 * Throws `JsonRpcError` -32700 (not JSON) or -32600 (not a valid message); its `.response` is the
 * error response to send back.
 */
export function decodeMessage(text: string, options?: DecodeOptions): JSONRPCMessage | JSONRPCMessage[] {
  return validateMessage(parseJsonText(text, options), options);
}

/** What `decodeMessageItems` returns: every element, each valid message or its own error. */
export interface DecodedItems {
  /** Whether the text was a batch (a JSON array). */
  isBatch: boolean;
  /** In order; an invalid element is replaced by its -32600 `JsonRpcError` (with `.response`). */
  items: Array<JSONRPCMessage | JsonRpcError>;
}

/**
 * Like `decodeMessage`, but an invalid element of a batch does not sink its valid neighbours:
 * JSON-RPC answers each element on its own (a request reusing the id of an earlier request of
 * the batch is such an element). Throws only when the text as a whole is unusable (not JSON, too
 * deeply nested, an empty batch or one over `maxBatchSize`).
 */
export function decodeMessageItems(text: string, options?: DecodeOptions): DecodedItems {
  const value = parseJsonText(text, options);
  if (!Array.isArray(value)) return { isBatch: false, items: [checkItem(value, '$')] };
  checkBatchSize(value, options);
  const items: Array<JSONRPCMessage | JsonRpcError> = [];
  const ids: BatchIds = new Map();
  for (let index = 0; index < value.length; index++) {
    const item = checkItem(value[index], `$[${index}]`);
    const duplicate = item instanceof JsonRpcError ? undefined : findDuplicateId(item, index, ids);
    // The first request with an id stands; a later one with the same id is its own error.
    items.push(
      duplicate === undefined
        ? item
        : failure(ErrorCode.InvalidRequest, `Invalid request at ${duplicate}`, readableId(item)),
    );
  }
  return { isBatch: true, items };
}

function checkItem(item: unknown, at: string): JSONRPCMessage | JsonRpcError {
  const problem = findMessageProblem(item, at);
  if (problem === undefined) return item as JSONRPCMessage;
  return failure(ErrorCode.InvalidRequest, `Invalid request at ${problem}`, readableId(item));
}

/** JSON text -> value, with the cheap garbage and nesting checks in front of JSON.parse. */
function parseJsonText(text: string, options: DecodeOptions | undefined): unknown {
  if (typeof text !== 'string') {
    throw failure(ErrorCode.ParseError, `Parse error: expected JSON text, got a ${typeof text}`, null);
  }
  // Almost every message starts with '{': test that before the general whitespace skip.
  const start = text.charCodeAt(0) === OPEN_BRACE ? 0 : firstNonWhitespace(text);
  if (start === text.length) {
    throw failure(ErrorCode.ParseError, 'Parse error: empty input (expected a JSON object or array)', null);
  }
  if (!canStartJson(text.charCodeAt(start))) {
    // Garbage is common on noisy pipes; answering it without JSON.parse's costly error is cheaper.
    const shown = JSON.stringify(text.charAt(start));
    throw failure(
      ErrorCode.ParseError,
      `Parse error: unexpected character ${shown} at position ${start} (expected a JSON object or array)`,
      null,
    );
  }
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Nesting needs two characters per level and one bracket per level: texts too short or with
  // few brackets (counted natively, strings included) cannot exceed the limit, so skip the scan.
  if (text.length > 2 * maxDepth && !hasAtMostBrackets(text, maxDepth)) {
    const offset = findDepthViolation(text, maxDepth);
    if (offset >= 0) {
      throw failure(
        ErrorCode.InvalidRequest,
        `Invalid request: JSON nesting deeper than the limit of ${maxDepth} levels (at character ${offset})`,
        null,
      );
    }
  }
  const limit = ErrorWithLimit.stackTraceLimit;
  ErrorWithLimit.stackTraceLimit = 0; // the parser's SyntaxError is kept only as `cause`
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw failure(ErrorCode.ParseError, `Parse error: ${reason}`, null, error);
  } finally {
    ErrorWithLimit.stackTraceLimit = limit;
  }
}

/**
 * Checks an already-parsed JSON value (e.g. from `Request.json()`) and returns it typed as one
 * message or a batch. Throws like `decodeMessage` (-32600) when it is not valid JSON-RPC or a
 * batch is empty or longer than `maxBatchSize`.
 */
export function validateMessage(value: unknown, options?: DecodeOptions): JSONRPCMessage | JSONRPCMessage[] {
  if (Array.isArray(value)) {
    checkBatchSize(value, options);
    const ids: BatchIds = new Map();
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const problem = findMessageProblem(item, `$[${index}]`);
      if (problem !== undefined) {
        throw failure(ErrorCode.InvalidRequest, `Invalid request at ${problem}`, readableId(item));
      }
      // Two answers with one id cannot be told apart: such a batch is refused like a malformed one.
      const duplicate = findDuplicateId(item as JSONRPCMessage, index, ids);
      if (duplicate !== undefined)
        throw failure(ErrorCode.InvalidRequest, `Invalid request at ${duplicate}`, null);
    }
    return value as JSONRPCMessage[];
  }
  const problem = findMessageProblem(value, '$');
  if (problem !== undefined) {
    throw failure(ErrorCode.InvalidRequest, `Invalid request at ${problem}`, readableId(value));
  }
  return value as JSONRPCMessage;
}

/** Refuses an empty batch, and one over the limit before any of its elements costs anything. */
function checkBatchSize(batch: unknown[], options: DecodeOptions | undefined): void {
  const size = batch.length;
  const limit = options?.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  if (size === 0 || size > limit) {
    throw failure(
      ErrorCode.InvalidRequest,
      size
        ? `Invalid request: a batch of ${size} messages is over the limit of ${limit} (maxBatchSize)`
        : 'Invalid request at $: a batch must not be empty',
      null,
    );
  }
}

const ErrorWithLimit = Error as { stackTraceLimit?: number };

/**
 * Builds a decode error without a stack trace: it describes bad input, not a code path, and
 * capturing the stack was most of its cost (garbage input must be cheap to reject).
 */
function failure(
  code: number,
  message: string,
  id: ReturnType<typeof readableId>,
  cause?: unknown,
): JsonRpcError {
  const limit = ErrorWithLimit.stackTraceLimit;
  ErrorWithLimit.stackTraceLimit = 0;
  try {
    return new JsonRpcError(code, message, undefined, {
      cause,
      response: { jsonrpc: '2.0', id, error: { code, message } },
    });
  } finally {
    ErrorWithLimit.stackTraceLimit = limit;
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function firstNonWhitespace(text: string): number {
  let index = 0;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char !== 0x20 && char !== 0x0a && char !== 0x0d && char !== 0x09) break;
    index++;
  }
  return index;
}

/** Whether a JSON value can start with this character: { [ " - digit t f n. */
function canStartJson(char: number): boolean {
  return (
    char === OPEN_BRACE ||
    char === OPEN_BRACKET ||
    char === QUOTE ||
    char === 0x2d ||
    (char >= 0x30 && char <= 0x39) ||
    char === 0x74 ||
    char === 0x66 ||
    char === 0x6e
  );
}

function hasAtMostBrackets(text: string, limit: number): boolean {
  let count = 0;
  for (let index = text.indexOf('{'); index >= 0; index = text.indexOf('{', index + 1)) {
    if (++count > limit) return false;
  }
  for (let index = text.indexOf('['); index >= 0; index = text.indexOf('[', index + 1)) {
    if (++count > limit) return false;
  }
  return true;
}

/** Offset of the first bracket that nests deeper than `maxDepth` (strings skipped), or -1. */
function findDepthViolation(text: string, maxDepth: number): number {
  let depth = 0;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      index = closingQuote(text, index + 1);
      if (index < 0) return -1; // unterminated string: JSON.parse reports it
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return index;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return -1;
}

/** Offset of the quote that closes a string starting at `from` (escapes skipped natively), or -1. */
function closingQuote(text: string, from: number): number {
  let quote = text.indexOf('"', from);
  while (quote > 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}
