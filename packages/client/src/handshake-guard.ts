import { JsonRpcError, McpkitError, McpkitErrorCode } from '@mcpkit/jsonrpc';
import { McpClientError, McpClientErrorCode } from './errors.js';

/** Transport error codes (matched by string: the client imports no transport) for unreadable input. */
const UNREADABLE_INPUT_CODES: ReadonlySet<unknown> = new Set([
  'FRAMING_ERROR',
  'MESSAGE_TOO_LARGE',
  McpkitErrorCode.InvalidMessage,
]);

/**
 * Fails a handshake as soon as the server sends something that is not JSON-RPC. A server whose
 * first output is unreadable (a banner on stdout, the wrong program) would otherwise leave
 * `connect()` waiting for its timeouts while the useful parse error went only to `onerror`.
 */
export class HandshakeGuard {
  readonly #failed: Promise<never>;
  #fail: ((error: Error) => void) | undefined;

  constructor() {
    this.#failed = new Promise<never>((_, reject) => {
      this.#fail = reject;
    });
    // Input may be unreadable before run() is called (while the transport starts); run() still sees it.
    this.#failed.catch(() => undefined);
  }

  /** Passes `error` on; an unreadable-input error during the handshake also fails it. */
  observe(error: Error): void {
    if (this.#fail === undefined || !isUnreadableInput(error)) return;
    this.#fail(
      new McpClientError(
        McpClientErrorCode.UnreadableServerOutput,
        `The server sent output that is not JSON-RPC before the handshake finished (${error.message}); ` +
          'an MCP server must write only JSON-RPC messages to its output (logs belong on stderr)',
        { cause: error },
      ),
    );
    this.#fail = undefined;
  }

  /** `handshake`, unless unreadable input arrives first. */
  run<T>(handshake: Promise<T>): Promise<T> {
    // Once the guard wins, connect() closes the peer and the handshake rejects with a
    // CONNECTION_CLOSED that says less than the guard's error: that later rejection is expected.
    handshake.catch(() => undefined);
    return Promise.race([handshake, this.#failed]).finally(() => {
      this.#fail = undefined;
    });
  }
}

function isUnreadableInput(error: Error): boolean {
  // A codec failure carries the error response it corresponds to (parse error, invalid request).
  if (error instanceof JsonRpcError) return error.response !== undefined;
  if (error instanceof McpkitError) return error.code === McpkitErrorCode.InvalidMessage;
  return UNREADABLE_INPUT_CODES.has((error as { code?: unknown }).code);
}
