import type { MessageExtra, Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';

/**
 * The one hook a broken fixture uses to break one rule: it sees each message this side sends
 * (with the peer request it answers, if any) and each message it receives, and may rewrite or
 * drop it. Everything else passes through the real, correct transport untouched.
 */
export interface InterceptHooks {
  /** Return the message to send instead, or `undefined` to drop it. */
  outgoing?: (message: JSONRPCMessage, answering: JSONRPCRequest | undefined) => JSONRPCMessage | undefined;
  /** Return the message to deliver instead, or `undefined` to drop it. */
  incoming?: (message: JSONRPCMessage) => JSONRPCMessage | undefined;
}

export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

/** Wraps `inner` so that `hooks` see every message; session id and version pass through. */
export function interceptTransport(inner: Transport, hooks: InterceptHooks): Transport {
  // Peer requests by id, so a response can be matched to the method it answers.
  const peerRequests = new Map<RequestId, JSONRPCRequest>();
  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      let answering: JSONRPCRequest | undefined;
      if (!('method' in message) && message.id !== null) {
        answering = peerRequests.get(message.id);
        peerRequests.delete(message.id);
      }
      const rewritten = hooks.outgoing ? hooks.outgoing(message, answering) : message;
      if (rewritten !== undefined) await inner.send(rewritten, options);
    },
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion(version: string) {
      inner.setProtocolVersion?.(version);
    },
  };
  inner.onclose = () => wrapper.onclose?.();
  inner.onerror = (error) => wrapper.onerror?.(error);
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtra) => {
    if (isRequest(message)) peerRequests.set(message.id, message);
    const delivered = hooks.incoming ? hooks.incoming(message) : message;
    if (delivered !== undefined) wrapper.onmessage?.(delivered, extra);
  };
  return wrapper;
}
