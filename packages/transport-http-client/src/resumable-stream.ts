import { delay } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, RequestId } from '@mcpkit/protocol';
import { HttpTransportError, isConnectionRefused } from './errors.js';
import { type FetchResponse, readBodyChunks } from './fetch.js';
import { decodeMessages } from './http-helpers.js';
import { type ReconnectionOptions, reconnectionDelay } from './reconnect.js';
import { parseSseBytes, SseParser } from './sse-parser.js';

/** Where a stream is in the server's event sequence: what a reconnection must tell the server. */
export interface StreamCursor {
  lastEventId: string | undefined;
  retryMs: number | undefined;
}

export interface ResumableStreamParams {
  /** Names the stream in errors, e.g. "the SSE stream of request 7". */
  description: string;
  /** The request whose response ends the stream; undefined for the standalone GET stream. */
  requestId?: RequestId | undefined;
  /** An already open response to read first; without it the stream starts with a GET. */
  first?: FetchResponse | undefined;
  /** The id to resume after, for a stream resumed from a stored token. */
  lastEventId?: string | undefined;
  signal: AbortSignal;
  reconnection: Required<ReconnectionOptions>;
  /**
   * Opens a GET stream (with `Last-Event-ID` when given). Returns 'unsupported' for 405; throws an
   * HttpTransportError otherwise; SESSION_EXPIRED ends the stream, other errors are retried.
   */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<FetchResponse | 'unsupported'>;
  /** Hands a message to the transport's user. */
  deliver(message: JSONRPCMessage): void;
  /** Reports an event whose data is not a JSON-RPC message. */
  onInvalid(error: Error): void;
  onEventId?: ((id: string) => void) | undefined;
}

export type StreamOutcome = 'complete' | 'aborted' | 'unsupported';

/**
 * Reads an SSE stream of JSON-RPC messages to its end, resuming it with GET + Last-Event-ID when
 * the connection breaks (SEP-1699). Resolves once the awaited response arrived (request streams),
 * the signal aborted, or the server refused GET with 405; rejects with STREAM_INTERRUPTED or
 * SESSION_EXPIRED when it cannot go on (a request stream at once when a reconnection is refused, and
 * any stream at once when the server answers 410: the events after ours are no longer stored).
 */
export async function runResumableStream(params: ResumableStreamParams): Promise<StreamOutcome> {
  const { signal, reconnection } = params;
  const cursor: StreamCursor = { lastEventId: params.lastEventId, retryMs: undefined };
  let response = params.first;
  let isFirstConnection = response === undefined;
  let failures = 0;
  let lastFailure: unknown;
  for (;;) {
    if (signal.aborted) return 'aborted';
    if (response === undefined) {
      if (params.requestId !== undefined && cursor.lastEventId === undefined) {
        throw interrupted(
          params,
          'ended before its response and carried no event id, so it cannot be resumed',
          lastFailure,
        );
      }
      // A request stream whose reconnection is refused gives up at once: nothing listens at the
      // server's address, so its answer died with the server. (The standalone stream keeps the
      // schedule, so that a client outlives a quick restart and renews its session.)
      const refused = params.requestId !== undefined && isConnectionRefused(lastFailure);
      if (!isFirstConnection && (failures >= reconnection.maxRetries || refused)) {
        const tries =
          failures === 0
            ? 'reconnection is disabled (maxRetries 0)'
            : `${failures} failed attempt${failures > 1 ? 's' : ''}`;
        throw interrupted(params, `broke and was given up after ${tries}`, lastFailure);
      }
      const wait = isFirstConnection ? 0 : reconnectionDelay(reconnection, failures, cursor.retryMs);
      isFirstConnection = false;
      try {
        // The first connection goes out at once, not a timer tick later: a standalone stream opened
        // after notifications/initialized reaches the server before the client's next request.
        if (wait > 0) await delay(wait, signal);
        const opened = await params.open(cursor.lastEventId, signal);
        if (opened === 'unsupported') {
          if (params.requestId === undefined) return 'unsupported';
          throw interrupted(
            params,
            'broke and the server refused to resume it (GET answered 405)',
            undefined,
          );
        }
        response = opened;
      } catch (error) {
        // An expired session also stops the standalone stream; that is news, not a quiet abort.
        if (error instanceof HttpTransportError && error.code === 'SESSION_EXPIRED') throw error;
        if (signal.aborted) return 'aborted';
        // 410: the server no longer holds what followed our last event; asking again cannot help.
        if (error instanceof HttpTransportError && error.status === 410)
          throw interrupted(params, 'cannot be resumed', error);
        if (error instanceof HttpTransportError && error.code !== 'HTTP_STATUS' && error.code !== 'NETWORK') {
          throw error;
        }
        failures++;
        lastFailure = error;
        continue;
      }
    }
    const result = await readStream(response, cursor, params);
    response = undefined;
    if (result.complete) return 'complete';
    if (signal.aborted) return 'aborted';
    if (result.progressed) {
      failures = 0;
    } else {
      failures++;
      lastFailure = result.error;
    }
  }
}

interface ReadResult {
  complete: boolean;
  progressed: boolean;
  error?: unknown;
}

async function readStream(
  response: FetchResponse,
  cursor: StreamCursor,
  params: ResumableStreamParams,
): Promise<ReadResult> {
  const result: ReadResult = { complete: false, progressed: false };
  const parser = new SseParser({
    onId: (id) => {
      cursor.lastEventId = id;
      result.progressed = true;
      params.onEventId?.(id);
    },
    onRetry: (ms) => {
      cursor.retryMs = ms;
    },
    onEvent: (event) => {
      result.progressed = true;
      if (event.event !== 'message') return; // MCP sends messages as default events; others are not ours
      let messages: JSONRPCMessage[];
      try {
        messages = decodeMessages(
          event.data,
          `SSE event${event.id ? ` ${event.id}` : ''} on ${params.description}`,
        );
      } catch (error) {
        params.onInvalid(error as Error);
        return;
      }
      for (const message of messages) {
        params.deliver(message);
        if (params.requestId !== undefined && isResponseTo(message, params.requestId)) result.complete = true;
      }
    },
  });
  try {
    await parseSseBytes(
      readBodyChunks(response.body),
      parser,
      () => result.complete || params.signal.aborted,
    );
  } catch (error) {
    result.error = error;
  }
  return result;
}

function isResponseTo(message: JSONRPCMessage, id: RequestId): boolean {
  return ('result' in message || 'error' in message) && message.id === id;
}

function interrupted(params: ResumableStreamParams, what: string, cause: unknown): HttpTransportError {
  const reason = cause instanceof Error ? `: ${cause.message}` : '';
  return new HttpTransportError('STREAM_INTERRUPTED', `${params.description} ${what}${reason}`, { cause });
}
