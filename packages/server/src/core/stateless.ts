import { JsonRpcError, type MessageExtra } from '@mcpkit/jsonrpc';
import {
  ErrorCode,
  formatZodError,
  type JSONObject,
  type JSONRPCResponse,
  MetaKey,
  type RequestId,
  type RequestMetaObject,
  RequestMetaObjectSchema,
} from '@mcpkit/protocol/essentials';
import type { HandleOutcome } from './dispatch.js';
import type { InputRequest, InputRequestOptions } from './input-request.js';
import { InputRequiredSignal, type RequestContext } from './request-context.js';
import { isPlainValidRequestMeta } from './request-meta.js';
import type { RequestStateSealer } from './request-state-sealer.js';

// The 2026-07-28 (stateless) side of the core, as far as it goes today: building a request's
// context from its own `_meta`, answering questions from `inputResponses` or asking for them with
// an input_required outcome, and turning an outcome into a JSON-RPC response. Integrity
// protection of `requestState` and subscriptions/listen belong to the adapter that uses this.

/**
 * What a 2026-07-28 request brings to build its handler context: params, versions, HTTP facts, and how
 * to send notifications.
 */
export interface StatelessContextInit {
  /** The request's method: a `requestState` is bound to it (and to the params and principal). */
  method: string;
  /** The request's params (untrusted): `_meta`, `inputResponses` and `requestState` are read here. */
  params: JSONObject | undefined;
  signal: AbortSignal;
  /** Stateless revisions this server accepts, e.g. `['2026-07-28']`. */
  supportedVersions: readonly string[];
  /**
   * What -32022 lists as `supported` (default `supportedVersions`): every revision the server
   * speaks, so a client whose stateless version is refused can fall back to `initialize`.
   */
  advertisedVersions?: readonly string[];
  requestId?: RequestId;
  extra?: MessageExtra;
  /** Sends a notification on this request's response stream (progress, log messages). */
  sendNotification(method: string, params: JSONObject): Promise<void>;
  /**
   * Carries earlier rounds' answers in a signed `requestState`, so handlers that ask several
   * questions one after another work. Without it, only this round's `inputResponses` count.
   */
  requestState?: RequestStateSealer;
}

const INPUT_KEY_PREFIX: Record<InputRequest['method'], string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Builds the context of one stateless request from its `_meta`. Throws -32602 when `_meta` lacks
 * the protocol version or client capabilities, and -32022 (with `supported` and `requested`) for
 * a version this server does not speak.
 */
export async function createStatelessContext(init: StatelessContextInit): Promise<RequestContext> {
  return statelessContextOf(init);
}

/**
 * createStatelessContext without the promise when none is needed (no `requestState` to open):
 * the stdio and Node paths answer every 2026-07-28 request through it. Throws synchronously.
 */
export function statelessContextOf(init: StatelessContextInit): RequestContext | Promise<RequestContext> {
  const rawMeta = init.params?._meta;
  if (typeof rawMeta !== 'object' || rawMeta === null) {
    throw JsonRpcError.invalidParams(
      `Missing params._meta: stateless requests carry "${MetaKey.ProtocolVersion}" and "${MetaKey.ClientCapabilities}" in _meta`,
    );
  }
  const meta = isPlainValidRequestMeta(rawMeta) ? rawMeta : parseRequestMeta(rawMeta);
  const requested = meta[MetaKey.ProtocolVersion];
  if (requested === undefined) {
    throw JsonRpcError.invalidParams(`Missing params._meta["${MetaKey.ProtocolVersion}"]`);
  }
  if (!init.supportedVersions.includes(requested)) {
    throw new JsonRpcError(
      ErrorCode.UnsupportedProtocolVersion,
      `Unsupported protocol version: ${requested}`,
      {
        supported: [...(init.advertisedVersions ?? init.supportedVersions)],
        requested,
      },
    );
  }
  const clientCapabilities = meta[MetaKey.ClientCapabilities];
  if (clientCapabilities === undefined) {
    throw JsonRpcError.invalidParams(`Missing params._meta["${MetaKey.ClientCapabilities}"]`);
  }
  const codec = init.requestState;
  const incomingState = init.params?.requestState;
  // Opened up front when present, so a tampered state is refused (-32602) whatever the handler does.
  if (codec !== undefined && typeof incomingState === 'string') {
    return Promise.resolve(codec.open(incomingState, init)).then((earlier) =>
      buildContext(init, meta, requested, clientCapabilities, earlier),
    );
  }
  return buildContext(init, meta, requested, clientCapabilities, undefined);
}

function buildContext(
  init: StatelessContextInit,
  meta: RequestMetaObject,
  requested: string,
  clientCapabilities: RequestContext['clientCapabilities'],
  earlier: Record<string, JSONObject> | undefined,
): RequestContext {
  const ctx = new StatelessRequestContext(init, requested, clientCapabilities, earlier);
  // Declared fields of the context: own properties (undefined) whether or not the request has them.
  ctx.clientInfo = meta[MetaKey.ClientInfo];
  ctx.logLevel = meta[MetaKey.LogLevel];
  ctx.progressToken = meta.progressToken;
  ctx.requestId = init.requestId;
  // The object as received: `meta` may be the schema's copy, without the client's own keys.
  ctx._meta = init.params?._meta as JSONObject;
  ctx.extra = init.extra;
  ctx.authInfo = init.extra?.authInfo;
  return ctx;
}

/** The schema's verdict on a `_meta` the hand-written check did not vouch for. */
function parseRequestMeta(rawMeta: object): RequestMetaObject {
  const parsed = RequestMetaObjectSchema.safeParse(rawMeta);
  if (!parsed.success) {
    throw JsonRpcError.invalidParams(
      `Invalid params._meta: ${formatZodError(parsed.error, rawMeta, { pathPrefix: ['params', '_meta'] })}`,
    );
  }
  return parsed.data;
}

/**
 * One stateless request's context. A class, with the question bookkeeping made on the first
 * question: this runs for every 2026-07-28 request, and most handlers ask nothing.
 */
class StatelessRequestContext implements RequestContext {
  readonly protocolVersion: string;
  readonly clientCapabilities: RequestContext['clientCapabilities'];
  clientInfo?: RequestContext['clientInfo'];
  logLevel?: RequestContext['logLevel'];
  progressToken?: RequestContext['progressToken'];
  requestId?: RequestId;
  extra?: MessageExtra;
  authInfo?: RequestContext['authInfo'];
  _meta?: Readonly<JSONObject>;
  /** An own function: callers take it off the context and call it unbound. */
  readonly sendNotification: RequestContext['sendNotification'];
  readonly #init: StatelessContextInit;
  readonly #earlier: Record<string, JSONObject> | undefined;
  #questions: Questions | undefined;

  constructor(
    init: StatelessContextInit,
    protocolVersion: string,
    clientCapabilities: RequestContext['clientCapabilities'],
    earlier: Record<string, JSONObject> | undefined,
  ) {
    this.#init = init;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities;
    this.sendNotification = init.sendNotification;
    this.#earlier = earlier;
  }

  /** Read through, so an init whose signal is a lazy getter creates no AbortController unless used. */
  get signal(): AbortSignal {
    return this.#init.signal;
  }

  // Handlers re-run from the start on every retry, so the n-th question of a kind gets the same key
  // each round unless the handler names it (options.key).
  async requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject> {
    this.#questions ??= this.#startQuestions();
    const questions = this.#questions;
    const prefix = INPUT_KEY_PREFIX[request.method];
    const count = (questions.asked.get(prefix) ?? 0) + 1;
    questions.asked.set(prefix, count);
    const key = options?.key ?? (count === 1 ? prefix : `${prefix}_${count}`);
    const answer = questions.answers[key];
    if (typeof answer === 'object' && answer !== null) {
      questions.used[key] = answer;
      return answer;
    }
    questions.pending[key] = request;
    // Sealed one microtask later: questions asked together have all been recorded by then.
    const codec = this.#init.requestState;
    questions.sealed ??= Promise.resolve().then(() => codec?.seal(questions.used, this.#init));
    throw new InputRequiredSignal(questions.pending, await questions.sealed);
  }

  #startQuestions(): Questions {
    const current = this.#init.params?.inputResponses;
    return {
      answers: {
        ...this.#earlier,
        ...(typeof current === 'object' && current !== null ? (current as Record<string, JSONObject>) : {}),
      },
      used: {},
      pending: {},
      asked: new Map(),
      sealed: undefined,
    };
  }
}

/** What a request's questions need: the answers it carries, and what it asked and used. */
interface Questions {
  answers: Record<string, JSONObject>;
  /** Answers the handler took this round, sealed into the next requestState. */
  used: Record<string, JSONObject>;
  /**
   * Every question still unanswered in this run; shared by the signals so that questions asked
   * together (Promise.all) all reach the client in one input_required result.
   */
  pending: Record<string, InputRequest>;
  asked: Map<string, number>;
  sealed: Promise<string | undefined> | undefined;
}

/** The result object an outcome puts on the wire (input_required included); throws for errors. */
export function outcomeToResult(outcome: HandleOutcome): JSONObject {
  if (outcome.type === 'result') return outcome.result;
  if (outcome.type === 'error') throw outcome.error;
  const result: JSONObject = { resultType: 'input_required', inputRequests: outcome.inputRequests };
  if (outcome.requestState !== undefined) result.requestState = outcome.requestState;
  return result;
}

/** The JSON-RPC response for an outcome. */
export function outcomeToResponse(id: RequestId, outcome: HandleOutcome): JSONRPCResponse {
  if (outcome.type === 'error') return { jsonrpc: '2.0', id, error: outcome.error.toErrorObject() };
  return { jsonrpc: '2.0', id, result: outcomeToResult(outcome) };
}
