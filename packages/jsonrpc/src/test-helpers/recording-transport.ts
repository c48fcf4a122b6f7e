import type { JSONRPCMessage } from '@mcpkit/protocol';
import { McpkitError } from '../errors.js';
import type { MessageExtra, Transport, TransportSendOptions } from '../transport.js';

/** A transport for unit tests: records what the peer sends; `deliver` feeds it synchronously. */
export class RecordingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;
  readonly sent: Array<{ message: JSONRPCMessage; options: TransportSendOptions | undefined }> = [];
  closed = false;

  async start(): Promise<void> {}

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed)
      return Promise.reject(new McpkitError('CONNECTION_CLOSED', 'RecordingTransport is closed'));
    this.sent.push({ message, options });
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  /** Hands `message` (which may be malformed on purpose) to the peer. */
  deliver(message: unknown, extra?: MessageExtra): void {
    this.onmessage?.(message as JSONRPCMessage, extra);
  }
}
