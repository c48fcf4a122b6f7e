import type { Peer, RequestOptions } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  type Implementation,
  InputRequiredResultSchema,
  type JSONObject,
  type LoggingLevel,
  MetaKey,
} from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { parseServerResult } from './validation.js';

// The 2026-07-28 (stateless) request path: every request carries the protocol facts in `_meta`,
// and the server asks its questions through `input_required` results the client answers by
// retrying (multi round-trip requests, SEP-2322).

/** The facts a stateless request declares about the client. */
export interface RequestIdentity {
  protocolVersion: string;
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** Asks the server for `notifications/message` at this level and above for this request. */
  logLevel?: LoggingLevel;
}

/** `params` with the per-request `_meta` envelope added; the caller's own `_meta` keys are kept. */
export function withRequestMeta(params: JSONObject | undefined, identity: RequestIdentity): JSONObject {
  // Keyed stores into fresh objects, not spreads with computed keys: this runs for every request,
  // and the literal form is several times slower (measured).
  const meta: JSONObject = {};
  const own = params?._meta;
  if (own != null) Object.assign(meta, own);
  meta[MetaKey.ProtocolVersion] = identity.protocolVersion;
  meta[MetaKey.ClientCapabilities] = identity.capabilities;
  meta[MetaKey.ClientInfo] = identity.clientInfo;
  if (identity.logLevel !== undefined) meta[MetaKey.LogLevel] = identity.logLevel;
  const withMeta: JSONObject = params === undefined ? {} : Object.assign({}, params);
  withMeta._meta = meta;
  return withMeta;
}

/** The methods whose results may be `input_required` (they accept `inputResponses` on retry). */
export const MULTI_ROUND_TRIP_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);

/** Who answers the input requests of `input_required` rounds, and how many rounds are allowed. */
export interface InputRoundHandler {
  maxInputRounds: number;
  answer: InputRoundOptions['answer'];
}

/**
 * One 2026-07-28 request: `_meta` (from `identity`) on every attempt; input rounds for the methods
 * that have them. Returns `finish` of the final result; `fail` gets any error of the rounds (not
 * those of `finish`).
 */
export function sendStatelessRequest<T>(
  peer: Peer,
  method: string,
  params: JSONObject | undefined,
  options: RequestOptions | undefined,
  identity: RequestIdentity,
  rounds: InputRoundHandler,
  finish: (raw: JSONObject) => T,
  fail: (error: unknown) => T | Promise<T>,
): Promise<T> {
  const first = peer.request(method, withRequestMeta(params, identity), options);
  if (!MULTI_ROUND_TRIP_METHODS.has(method)) return first.then(finish, fail);
  // Most calls end in one round: that path costs this one `then`.
  return first.then((result) => {
    if (result.resultType !== 'input_required') return finish(result);
    const send = (attempt: JSONObject | undefined) =>
      peer.request(method, withRequestMeta(attempt, identity), options);
    return moreInputRounds(send, params, result, {
      method,
      protocolVersion: identity.protocolVersion,
      maxRounds: rounds.maxInputRounds,
      answer: rounds.answer,
      signal: options?.signal,
    }).then(finish, fail);
  }, fail);
}

export interface InputRoundOptions {
  method: string;
  protocolVersion: string;
  /** Upper bound on `input_required` rounds before giving up. */
  maxRounds: number;
  /** Answers one input request (the same handlers that serve server-to-client requests). */
  answer(method: string, params: JSONObject | undefined, signal: AbortSignal): Promise<JSONObject>;
  /** The request's signal, which the answers get (else one of their own). */
  signal?: AbortSignal | undefined;
}

/**
 * The rounds after the first `input_required` result (`first`): answers its input requests and
 * retries the original request with `inputResponses` and the exact `requestState` it got (each
 * retry is a new JSON-RPC request, so it gets a new id), while the server asks for more. Results
 * without `resultType` are final.
 */
async function moreInputRounds(
  send: (params: JSONObject | undefined) => Promise<JSONObject>,
  params: JSONObject | undefined,
  first: JSONObject,
  options: InputRoundOptions,
): Promise<JSONObject> {
  let attempt = params;
  // Made only when the server asks something: an AbortController per call is not free.
  const signal = options.signal ?? new AbortController().signal;
  for (let round = 0; ; round++) {
    const result = round === 0 ? first : await send(attempt);
    if (result.resultType !== 'input_required') return result;
    if (round >= options.maxRounds) {
      throw new McpClientError(
        McpClientErrorCode.TooManyInputRounds,
        `${options.method} still asked for input after ${options.maxRounds} rounds; giving up (raise maxInputRounds to allow more)`,
        { data: { method: options.method, rounds: round } },
      );
    }
    const asked = parseServerResult(
      InputRequiredResultSchema,
      result,
      options.method,
      options.protocolVersion,
    );
    const responses: JSONObject = {};
    // One question at a time: most of them reach a human, who answers them in turn.
    for (const [key, request] of Object.entries(asked.inputRequests ?? {})) {
      responses[key] = await options.answer(request.method, request.params as JSONObject | undefined, signal);
    }
    attempt = { ...params };
    if (Object.keys(responses).length > 0) attempt.inputResponses = responses;
    // Echo the state exactly as received: taken from the raw result, never re-serialised.
    if (typeof result.requestState === 'string') attempt.requestState = result.requestState;
  }
}
