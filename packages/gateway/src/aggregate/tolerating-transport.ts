import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { StdioClientTransport } from '@mcpkit/transport-stdio';
import { WrappingTransport } from './wrapping-transport.js';

/** Whether a transport error says the server printed something that is not JSON-RPC. */
function isUnreadableOutput(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    (error as { response?: unknown }).response !== undefined ||
    code === 'INVALID_MESSAGE' ||
    code === 'FRAMING_ERROR'
  );
}

/**
 * Wraps a stdio client transport so that output which is not JSON-RPC (a banner, stray prints) goes
 * to `onunreadable` instead of the client's `onerror`. `McpClient` refuses a server printing such
 * output during the handshake, which is right for a program talking to one server; a gateway
 * reports it and carries on, as a relay does, so a noisy upstream does not stay out for good.
 */
export class ToleratingTransport extends WrappingTransport {
  /** Sees each message first; one it takes (returns true for) does not reach `onmessage`. */
  intercept: ((message: JSONRPCMessage) => boolean) | undefined;

  /**
   * Sees the text of each line first, before it is parsed (the inner stdio client transport's
   * `onframe`); a line it takes (returns true for) is neither parsed nor delivered.
   */
  set interceptText(hook: ((text: string) => boolean) | undefined) {
    (this.inner as StdioClientTransport).onframe = hook;
  }

  /** The inner transport's `sendText` (stdio has one): relayed requests go upstream as text. */
  readonly sendText: ((text: string) => Promise<void>) | undefined;

  constructor(inner: Transport, onunreadable: (error: Error) => void) {
    super(inner);
    this.sendText = inner.sendText?.bind(inner);
    inner.onmessage = (message, extra) => {
      if (this.intercept?.(message) !== true) this.onmessage?.(message, extra);
    };
    inner.onclose = (reason) => this.onclose?.(reason);
    inner.onerror = (error) => (isUnreadableOutput(error) ? onunreadable(error) : this.onerror?.(error));
  }
}
