import type { IncomingMessage } from 'node:http';
import type { Transport } from '@mcpkit/jsonrpc';
import type { MessageBus } from '@mcpkit/transport-http-server';

/** Every log line of a server process starts with this, then one JSON object (a `LogEntry`). */
export const LOG_PREFIX = 'cluster-log ';

/** One thing a server process did, as it logs it (stderr, one line each). */
export interface LogEntry {
  instance: string;
  /**
   * `http`: an HTTP request reached this process. `message`: the server received a JSON-RPC
   * message (`kind` request, notification or response). `forward`: a client's answer POSTed here
   * was published for the instance (`to`) that asked the question. `error`: `onerror` was told.
   */
  event: 'http' | 'message' | 'forward' | 'error';
  session?: string | undefined;
  httpMethod?: string;
  kind?: 'request' | 'notification' | 'response';
  method?: string;
  id?: string | number;
  to?: string;
  /** An HTTP request's Last-Event-ID header (a resumed SSE stream). */
  lastEventId?: string;
  error?: string;
}

export type Logger = (entry: Omit<LogEntry, 'instance'>) => void;

/** A logger writing `LOG_PREFIX` + JSON lines to `write` for `instance`. */
export function createLogger(instance: string, write: (line: string) => void): Logger {
  return (entry) => write(`${LOG_PREFIX}${JSON.stringify({ instance, ...entry })}\n`);
}

/** Parses a line of a server process's output; undefined for anything that is not a log entry. */
export function parseLogLine(line: string): LogEntry | undefined {
  if (!line.startsWith(LOG_PREFIX)) return undefined;
  return JSON.parse(line.slice(LOG_PREFIX.length)) as LogEntry;
}

/** Logs the HTTP request line: which process got which session's request. */
export function logHttp(log: Logger, req: IncomingMessage): void {
  const session = req.headers['mcp-session-id'];
  const lastEventId = req.headers['last-event-id'];
  log({
    event: 'http',
    httpMethod: req.method ?? '?',
    session: typeof session === 'string' ? session : undefined,
    ...(typeof lastEventId === 'string' ? { lastEventId } : {}),
  });
}

/**
 * Wraps `transport` so each message its server receives is logged first. The server sets
 * `onmessage` in `connect`, so the setter installs the logging in front of it.
 */
export function loggedTransport(transport: Transport, log: Logger): Transport {
  const sessionOf = () => (transport as { sessionId?: string }).sessionId;
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set(next: Transport['onmessage']) {
      handler =
        next &&
        ((message, extra) => {
          const kind = 'method' in message ? ('id' in message ? 'request' : 'notification') : 'response';
          const id = 'id' in message ? (message.id ?? undefined) : undefined;
          log({
            event: 'message',
            session: sessionOf(),
            kind,
            ...('method' in message ? { method: message.method } : {}),
            ...(id === undefined ? {} : { id }),
          });
          next(message, extra);
        });
    },
  });
  return transport;
}

/** Wraps `bus` so an answer forwarded to another instance (an envelope with `to`) is logged. */
export function loggedBus(bus: MessageBus, log: Logger): MessageBus {
  return {
    publish(sessionId, envelope) {
      if (envelope.to !== undefined) {
        const id = 'id' in envelope.message ? (envelope.message.id ?? undefined) : undefined;
        log({ event: 'forward', session: sessionId, to: envelope.to, ...(id === undefined ? {} : { id }) });
      }
      return bus.publish(sessionId, envelope);
    },
    subscribe: (sessionId, deliver) => bus.subscribe(sessionId, deliver),
  };
}
