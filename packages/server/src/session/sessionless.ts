import { JsonRpcError, type RequestHandler } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  formatZodError,
  type Implementation,
  type InitializeRequestParams,
  InitializeRequestParamsSchema,
  type JSONObject,
  type LoggingLevel,
  type ServerCapabilities,
} from '@mcpkit/protocol/essentials';
import type { HandleOutcome } from '../core/dispatch.js';
import type { SessionControls } from '../core/request-context.js';
import { isPlainInitializeParams } from '../core/request-meta.js';
import { SessionRequestContext } from './session-request-context.js';
import { answerStatelessRequest, isStatelessRequest, type StatelessHost } from './stateless-path.js';

// What a request is served with when it comes through a session, and the same without one: the
// stateless HTTP fast path (McpServer.answer) answers a POST's one request with no session, no
// peer and no transport made for it, exactly as a session made for that request alone would.

/** What `initialize` negotiated; pass it to `connect` to resume a session without a handshake. */
export interface NegotiatedSession {
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo?: Implementation;
  logLevel?: LoggingLevel;
}

/** What serving a request needs from the server: McpServer implements it. */
export interface SessionlessHost extends StatelessHost {
  readonly options: { defaultLogLevel?: LoggingLevel; capabilities?: { logging?: boolean } };
  /** What the server declares (shaped per revision by `initializeResult`). */
  capabilities(): ServerCapabilities;
  /** The stateful revision to answer an initialize request for `requested` with. */
  negotiateVersion(requested: string): string;
  /** The initialize result for a negotiated stateful revision. */
  initializeResult(protocolVersion: string): JSONObject;
}

/** Checks `initialize` params and picks the revision to answer with. */
export function negotiate(host: SessionlessHost, params: JSONObject | undefined): NegotiatedSession {
  const data = isPlainInitializeParams(params) ? params : parseInitializeParams(params);
  return {
    protocolVersion: host.negotiateVersion(data.protocolVersion),
    clientCapabilities: data.capabilities,
    clientInfo: data.clientInfo,
  };
}

/** `initialize` params the hand check left to the schema: parsed, or -32602 saying what is wrong. */
function parseInitializeParams(params: JSONObject | undefined): InitializeRequestParams {
  // Parsed jitless: zod's compiled fast path (built on a schema's first parse) costs more to build
  // than it saves for a message sent once per session.
  const parsed = InitializeRequestParamsSchema.safeParse(params, { jitless: true });
  if (parsed.success) return parsed.data;
  const detail = formatZodError(parsed.error, params, { pathPrefix: ['params'] });
  throw JsonRpcError.invalidParams(`Invalid params for 'initialize': ${detail}`);
}

/** The result of a request up to 2025-11-25, or the error it answers with. */
function sessionResult(method: string, outcome: HandleOutcome): JSONObject {
  if (outcome.type === 'result') return outcome.result;
  if (outcome.type === 'error') throw outcome.error;
  throw JsonRpcError.internalError(
    `Handler for '${method}' asked for input the stateless way (InputRequiredSignal) inside a stateful session`,
  );
}

/** sessionResult for an outcome that may still be coming (McpServer.handleNow): synchronous when it is not. */
export function sessionAnswer(
  method: string,
  outcome: HandleOutcome | Promise<HandleOutcome>,
): JSONObject | Promise<JSONObject> {
  if (outcome instanceof Promise) return outcome.then((settled) => sessionResult(method, settled));
  // The usual answer, without the call to sessionResult.
  return outcome.type === 'result' ? outcome.result : sessionResult(method, outcome);
}

/**
 * Serves one request without a session: `initialize` is negotiated and answered (nothing is
 * kept), a 2026-07-28 request is answered from its `_meta`, any other at the declared version.
 */
export function sessionlessHandler(host: SessionlessHost): RequestHandler {
  // Without a session, logging/setLevel and resources/(un)subscribe are accepted and last as long
  // as the request, as they did when stateless mode made a session per POST; `initialize` is
  // negotiated and answered (by the core, through these controls) and nothing is kept.
  const ignore = () => undefined;
  const controls: SessionControls = {
    setLogLevel: ignore,
    subscribe: ignore,
    unsubscribe: ignore,
    initialize: (params) => host.initializeResult(negotiate(host, params).protocolVersion),
  };
  return (params, context) => {
    const method = context.method;
    if (isStatelessRequest(method, params)) return answerStatelessRequest(host, params, context);
    const logLevel = host.options.defaultLogLevel ?? 'debug';
    const ctx = new SessionRequestContext(host, context, undefined, controls, logLevel, undefined);
    return sessionAnswer(method, host.handleNow({ method, params }, ctx));
  };
}
