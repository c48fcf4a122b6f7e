import { JsonRpcError } from '@mcpkit/jsonrpc';
import {
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitRequestParams,
  type ElicitResult,
  ErrorCode,
  type Implementation,
  isStatelessProtocolVersion,
  isSupportedProtocolVersion,
  type JSONObject,
  type ParseResult,
  type ProtocolVersion,
  parseServerRequestParams,
  parseServerRequestResult,
  type RequestId,
  type Root,
} from '@mcpkit/protocol';
import type { ClientFeatureSet } from './capabilities.js';
import { finishFormAnswer } from './elicitation.js';

/** What a handler of a server-initiated request receives besides the params. */
export interface ServerRequestContext {
  /** Aborted when the server cancels the request or the connection closes. */
  signal: AbortSignal;
  /** The JSON-RPC id of the server's request (absent for 2026-07-28 input requests, which have none). */
  requestId?: RequestId;
  /** The negotiated protocol revision. */
  protocolVersion?: string;
  /** Who is asking, so a UI can say which server wants the user's input. */
  serverInfo?: Implementation;
}

/** Answers a server's `sampling/createMessage` request by asking a language model. */
export type SamplingHandler = (
  params: CreateMessageRequestParams,
  ctx: ServerRequestContext,
) => CreateMessageResult | Promise<CreateMessageResult>;

/**
 * Answers a server's `elicitation/create` request: asks the user and returns accept (with content),
 * decline or cancel.
 */
export type ElicitationHandler = (
  params: ElicitRequestParams,
  ctx: ServerRequestContext,
) => ElicitResult | Promise<ElicitResult>;

/** Answers a server's `roots/list` request with the client's roots. */
export type RootsHandler = (ctx: ServerRequestContext) => Root[] | Promise<Root[]>;

/** An elicitation mode: `form` (structured input in the client) or `url` (the user visits a URL). */
export type ElicitationMode = 'form' | 'url';

/** Options of an elicitation handler: the modes (form, URL) it can serve, declared as capabilities. */
export interface ElicitationHandlerOptions {
  /** Modes the handler can serve, declared as capabilities (default `['form']`). */
  modes?: readonly ElicitationMode[];
  /**
   * Fill fields the user left out with the schema's `default` values before validating and
   * sending an accepted form answer (SEP-1034). Declared as `elicitation.form.applyDefaults`.
   */
  applyDefaults?: boolean;
  /** Check accepted form answers against `requestedSchema` before sending (default true). */
  validate?: boolean;
}

interface ElicitationRegistration {
  handler: ElicitationHandler;
  modes: readonly ElicitationMode[];
  applyDefaults: boolean;
  validate: boolean;
}

/**
 * Answers the questions a server asks the client (sampling, elicitation, roots). Under the
 * stateful revisions they arrive as JSON-RPC requests; under 2026-07-28 they will arrive as
 * `inputRequests` of an `input_required` result, and the same `answer` produces the responses.
 */
export class ServerRequestResponder {
  #sampling: SamplingHandler | undefined;
  #elicitation: ElicitationRegistration | undefined;
  #roots: RootsHandler | undefined;

  /** Installs the handlers given in the client options. */
  configure(options: {
    sampling?: SamplingHandler | undefined;
    elicitation?:
      | ElicitationHandler
      | ({ handler: ElicitationHandler } & ElicitationHandlerOptions)
      | undefined;
    roots?: Root[] | RootsHandler | undefined;
  }): void {
    if (options.sampling) this.setSamplingHandler(options.sampling);
    const elicitation = options.elicitation;
    if (typeof elicitation === 'function') this.setElicitationHandler(elicitation);
    else if (elicitation) this.setElicitationHandler(elicitation.handler, elicitation);
    if (typeof options.roots === 'function') this.setRootsHandler(options.roots);
    else if (options.roots) this.setRootsList(options.roots);
  }

  /** Serves a fixed list of roots (copied, so later changes to the caller's array do not leak in). */
  setRootsList(roots: readonly Root[]): void {
    const fixed = [...roots];
    this.#roots = () => fixed;
  }

  setSamplingHandler(handler: SamplingHandler | undefined): void {
    this.#sampling = handler;
  }

  setElicitationHandler(
    handler: ElicitationHandler | undefined,
    options: ElicitationHandlerOptions = {},
  ): void {
    if (!handler) {
      this.#elicitation = undefined;
      return;
    }
    const modes = options.modes ?? ['form'];
    if (modes.length === 0)
      throw new TypeError('ElicitationHandlerOptions.modes must list at least one mode');
    this.#elicitation = {
      handler,
      modes,
      applyDefaults: options.applyDefaults ?? false,
      validate: options.validate ?? true,
    };
  }

  setRootsHandler(handler: RootsHandler | undefined): void {
    this.#roots = handler;
  }

  /** Captures the current handlers; calling the returned function puts them back. */
  snapshot(): () => void {
    const sampling = this.#sampling;
    const elicitation = this.#elicitation;
    const roots = this.#roots;
    return () => {
      this.#sampling = sampling;
      this.#elicitation = elicitation;
      this.#roots = roots;
    };
  }

  /** The features the set handlers imply, for capability declaration. */
  features(): ClientFeatureSet {
    const features: ClientFeatureSet = {
      sampling: this.#sampling !== undefined,
      roots: this.#roots !== undefined,
    };
    const elicitation = this.#elicitation;
    if (elicitation) {
      features.elicitation = {
        form: elicitation.modes.includes('form'),
        url: elicitation.modes.includes('url'),
        applyDefaults: elicitation.applyDefaults,
      };
    }
    return features;
  }

  /** Answers one server question; throws `JsonRpcError` for the error response to send. */
  async answer(
    method: string,
    params: JSONObject | undefined,
    ctx: ServerRequestContext,
  ): Promise<JSONObject> {
    const elicitation = this.#elicitation;
    const [capability, handler] =
      method === 'sampling/createMessage'
        ? ['sampling', this.#sampling]
        : method === 'elicitation/create'
          ? ['elicitation', elicitation?.handler]
          : method === 'roots/list'
            ? ['roots', this.#roots]
            : [];
    if (capability === undefined) throw JsonRpcError.methodNotFound(method);
    if (handler === undefined) {
      // The client did not declare the capability, so the server should not have asked.
      throw new JsonRpcError(
        ErrorCode.MethodNotFound,
        `Method not found: '${method}' (this client did not declare '${capability}')`,
        { method },
      );
    }
    if (capability === 'roots')
      return checkAnswer(method, { roots: await (handler as RootsHandler)(ctx) }, ctx);
    if (capability === 'sampling') {
      const request = readParams<CreateMessageRequestParams>(method, params, ctx);
      return checkAnswer(method, await (handler as SamplingHandler)(request, ctx), ctx);
    }
    const registration = elicitation as ElicitationRegistration;
    const request = readParams<ElicitRequestParams>(method, params, ctx);
    const mode: ElicitationMode = request.mode === 'url' ? 'url' : 'form';
    if (!registration.modes.includes(mode)) {
      throw JsonRpcError.invalidParams(
        `Elicitation mode '${mode}' is not supported by this client (declared modes: ${registration.modes.join(', ')})`,
        { mode, supportedModes: [...registration.modes] },
      );
    }
    const answer = checkAnswer<ElicitResult>(method, await registration.handler(request, ctx), ctx);
    if (mode === 'url' || answer.action !== 'accept') {
      // Only an accepted form carries content: URL mode's interaction happened out of band, and
      // declined or cancelled answers have none.
      const { content: _dropped, ...rest } = answer;
      return rest;
    }
    return finishFormAnswer(
      request as ElicitRequestFormParams,
      answer,
      registration.applyDefaults,
      registration.validate,
    );
  }
}

/**
 * The revision to check questions against. 2026-07-28 questions arrive as input requests inside a
 * result, which the revision's method map does not list as requests, so they use the lenient
 * schemas (the result they came in was already validated).
 */
function versionOf(ctx: ServerRequestContext): ProtocolVersion | undefined {
  const version = ctx.protocolVersion;
  if (!isSupportedProtocolVersion(version) || isStatelessProtocolVersion(version)) return undefined;
  return version;
}

/** Checks the server's params against the negotiated revision (a method it lacks is -32601). */
function readParams<T>(method: string, params: JSONObject | undefined, ctx: ServerRequestContext): T {
  const parsed: ParseResult<unknown> = parseServerRequestParams(method, params ?? {}, versionOf(ctx));
  if (parsed.success) return parsed.data as T;
  throw new JsonRpcError(parsed.error.code, `Invalid ${method} request: ${parsed.error.message}`, {
    path: parsed.error.pathString,
    expected: parsed.error.expected,
    received: parsed.error.received,
  });
}

/** A handler that returns a malformed answer is a client bug: report it instead of sending it on. */
function checkAnswer<T = JSONObject>(
  method: string,
  answer: unknown,
  ctx: ServerRequestContext,
): T & JSONObject {
  const parsed: ParseResult<unknown> = parseServerRequestResult(method, answer, versionOf(ctx));
  if (parsed.success) return parsed.data as T & JSONObject;
  throw JsonRpcError.internalError(
    `The client's ${method} handler returned an invalid answer: ${parsed.error.message}`,
    { path: parsed.error.pathString, expected: parsed.error.expected, received: parsed.error.received },
  );
}
