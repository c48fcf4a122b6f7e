import type { MessageExtra, Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';

/**
 * A transport that stands in for another: everything but what a subclass takes of the inner
 * transport's messages and errors (the callbacks it installs on `inner`) goes to and from the inner
 * transport as it is, so the wrapper is what the server or client connects to.
 */
export abstract class WrappingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;
  protected readonly inner: Transport;

  constructor(inner: Transport) {
    this.inner = inner;
  }

  get legacyPeersMayStaySilent(): boolean {
    return this.inner.legacyPeersMayStaySilent === true;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
