import type { MessageExtra, Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { ErrorCode, MetaKey } from '@mcpkit/protocol';
import { describeError, GatewayError } from './errors.js';

/** Options of `relay`. */
export interface RelayOptions {
  /** Names the upstream in error messages and reports (default `upstream`). */
  upstreamName?: string;
  /** Problems that do not end the relay: a message one side could not take, a transport error. */
  onerror?: (error: Error) => void;
  /**
   * Called once when the relay ends, with why when the upstream went away on its own (a process
   * that exited, an unreachable server); undefined when the downstream side closed or `close()` ran.
   */
  onclose?: (reason: Error | undefined) => void;
}

/** A running relay between a downstream (client-facing) and an upstream (server-facing) transport. */
export interface Relay {
  /** Resolves once both transports are closed, with the upstream's failure if that ended it. */
  readonly closed: Promise<Error | undefined>;
  /** Requests the downstream client sent that the upstream has not answered yet. */
  readonly pendingRequests: number;
  /** Closes both transports. */
  close(): Promise<void>;
}

interface PendingRequest {
  method: string;
  progressToken: string | number | undefined;
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest =>
  'method' in message && 'id' in message && message.id !== undefined;
const isNotification = (message: JSONRPCMessage): boolean => 'method' in message && !('id' in message);

/**
 * Relays raw JSON-RPC messages between a client-facing transport (the downstream: a session of an
 * HTTP server, or this process's stdio) and a server-facing one (the upstream: a spawned stdio
 * server, or an HTTP client transport), unchanged. One downstream talks to one upstream, so ids
 * never collide: the client's request ids and the server's request ids live in separate spaces, as
 * they do on a direct connection. Every feature of both revisions' sessions passes through
 * (progress, cancellation, elicitation, sampling, roots, logging, subscriptions), since nothing is
 * interpreted except to route: an upstream message related to a client request (its response, its
 * progress, anything sent while exactly it is running) goes out with that request as
 * `relatedRequestId`, so an HTTP downstream carries it on that request's stream.
 *
 * When the upstream goes away, every request it left unanswered is answered at once with a
 * JSON-RPC error naming the upstream and why (the process exit, the HTTP failure), then the
 * downstream is closed: no caller is left waiting.
 */
export async function relay(
  downstream: Transport,
  upstream: Transport,
  options: RelayOptions = {},
): Promise<Relay> {
  const name = options.upstreamName ?? 'upstream';
  const report = options.onerror ?? (() => undefined);
  // Keyed by the id itself: a Map tells 1 from '1', and no key string is made per message.
  const pending = new Map<RequestId, PendingRequest & { id: RequestId }>();
  let protocolVersion: string | undefined;
  let ended = false;
  let resolveClosed!: (reason: Error | undefined) => void;
  const closed = new Promise<Error | undefined>((resolve) => {
    resolveClosed = resolve;
  });

  const useVersion = (version: unknown) => {
    if (typeof version !== 'string' || version === protocolVersion) return;
    protocolVersion = version;
    upstream.setProtocolVersion?.(version);
    downstream.setProtocolVersion?.(version);
  };

  // -32603 on the wire: the protocol's ConnectionClosed code is local to a peer, never sent.
  const answerWithError = (id: RequestId, message: string) =>
    downstream
      .send(
        { jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } },
        { relatedRequestId: id },
      )
      .catch((error: unknown) =>
        report(
          new GatewayError(
            'DOWNSTREAM_SEND_FAILED',
            `could not answer request ${String(id)}: ${describeError(error)}`,
          ),
        ),
      );

  // The request an upstream message belongs to: the response's id, the request whose progress token
  // it carries, or the client request running now (the newest, when several are).
  const relatedTo = (message: JSONRPCMessage): RequestId | undefined => {
    if ('id' in message && !('method' in message)) return message.id ?? undefined;
    const params = (message as { params?: { progressToken?: unknown } }).params;
    if (
      (message as { method?: string }).method === 'notifications/progress' &&
      params?.progressToken !== undefined
    ) {
      for (const entry of pending.values()) if (entry.progressToken === params.progressToken) return entry.id;
    }
    let newest: RequestId | undefined;
    for (const entry of pending.values()) newest = entry.id;
    return newest;
  };

  const finish = (reason: Error | undefined) => {
    if (ended) return;
    ended = true;
    const answers =
      reason === undefined
        ? []
        : [...pending.values()].map((entry) =>
            answerWithError(
              entry.id,
              `${name} went away before answering ${entry.method}: ${reason.message}`,
            ),
          );
    pending.clear();
    options.onclose?.(reason);
    // The answers go out before the downstream closes: an HTTP session would drop them otherwise.
    void Promise.allSettled(answers)
      .then(() => Promise.allSettled([upstream.close(), downstream.close()]))
      .then(() => resolveClosed(reason));
  };

  downstream.onmessage = (message: JSONRPCMessage, _extra?: MessageExtra) => {
    if (isRequest(message)) {
      const params = message.params as
        | { _meta?: Record<string, unknown>; protocolVersion?: unknown }
        | undefined;
      if (message.method === 'initialize') useVersion(params?.protocolVersion);
      else useVersion(params?._meta?.[MetaKey.ProtocolVersion]);
      const token = params?._meta?.progressToken;
      pending.set(message.id, {
        id: message.id,
        method: message.method,
        progressToken: typeof token === 'string' || typeof token === 'number' ? token : undefined,
      });
    } else if ((message as { method?: string }).method === 'notifications/cancelled') {
      const cancelled = (message as { params?: { requestId?: RequestId } }).params?.requestId;
      if (cancelled !== undefined) pending.delete(cancelled);
    }
    upstream.send(message).catch((error: unknown) => {
      const problem = `${name} could not take ${'method' in message ? message.method : 'a response'}: ${describeError(error)}`;
      if (isRequest(message) && pending.delete(message.id)) answerWithError(message.id, problem);
      else report(new GatewayError('UPSTREAM_SEND_FAILED', problem));
    });
  };

  upstream.onmessage = (message: JSONRPCMessage) => {
    const related = relatedTo(message);
    if (!('method' in message) && message.id !== null && message.id !== undefined) {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      if (entry?.method === 'initialize' && 'result' in message) {
        useVersion((message.result as { protocolVersion?: unknown }).protocolVersion);
      }
    }
    const sendOptions: TransportSendOptions | undefined =
      related === undefined ? undefined : { relatedRequestId: related };
    downstream.send(message, sendOptions).catch((error: unknown) => {
      const problem = `the client could not take ${'method' in message ? message.method : 'a response'} from ${name}: ${describeError(error)}`;
      // A question nobody can receive must not leave the upstream waiting for its answer.
      if (isRequest(message)) {
        upstream
          .send({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: ErrorCode.InternalError, message: problem },
          })
          .catch((sendError: unknown) =>
            report(new GatewayError('UPSTREAM_SEND_FAILED', describeError(sendError))),
          );
      } else if (!isNotification(message)) report(new GatewayError('DOWNSTREAM_SEND_FAILED', problem));
    });
  };

  upstream.onerror = (error) =>
    report(new GatewayError('UPSTREAM_ERROR', `${name}: ${error.message}`, { cause: error }));
  downstream.onerror = (error) =>
    report(new GatewayError('DOWNSTREAM_ERROR', `client side: ${error.message}`, { cause: error }));
  upstream.onclose = (reason) =>
    finish(
      reason ?? (ended ? undefined : new GatewayError('UPSTREAM_CLOSED', `${name} closed the connection`)),
    );
  downstream.onclose = () => finish(undefined);

  await upstream.start();
  await downstream.start();

  return {
    closed,
    get pendingRequests() {
      return pending.size;
    },
    close: async () => {
      finish(undefined);
      await closed;
    },
  };
}
