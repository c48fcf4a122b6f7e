import type { TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, RequestId } from '@mcpkit/protocol';
import { isRequest, isResponse } from './framing.js';
import type { MessageBus, OutboundEnvelope } from './stores/types.js';

// Server-to-client request ids carry the instance that sent them (`<instance>:n5`, `<instance>:sabc`),
// so a client's response POSTed to another process can be forwarded to the one waiting for it.

/** `message` with its request id tagged with `instanceId`. */
export function tagRequestId(message: JSONRPCMessage, instanceId: string): JSONRPCMessage {
  if (!isRequest(message)) return message;
  const tagged = `${instanceId}:${typeof message.id === 'number' ? 'n' : 's'}${message.id}`;
  return { ...message, id: tagged };
}

/** The instance a response's id names and the id it had before tagging; undefined if untagged. */
export function untagResponseId(
  message: JSONRPCMessage,
): { instanceId: string; original: RequestId } | undefined {
  if (!isResponse(message) || typeof message.id !== 'string') return undefined;
  const colon = message.id.indexOf(':');
  if (colon <= 0) return undefined;
  const kind = message.id[colon + 1];
  const rest = message.id.slice(colon + 2);
  if (kind === 's') return { instanceId: message.id.slice(0, colon), original: rest };
  if (kind !== 'n' || rest === '' || !Number.isFinite(Number(rest))) return undefined;
  return { instanceId: message.id.slice(0, colon), original: Number(rest) };
}

/** Publishes a client's answer for the instance that sent the request; failures go to `report`. */
export function forwardAnswer(
  bus: MessageBus,
  sessionId: string,
  message: JSONRPCMessage,
  from: string,
  tagged: { instanceId: string; original: RequestId },
  report: (error: Error) => void,
): void {
  Promise.resolve(bus.publish(sessionId, { message, from, to: tagged.instanceId }))
    .then((taken) => {
      if (!taken) throw new Error(`no process of instance ${tagged.instanceId} holds the session`);
    })
    .catch((error: unknown) =>
      report(
        new Error(
          `Session ${sessionId}: could not forward the client's answer ${JSON.stringify(tagged.original)} to instance ${tagged.instanceId}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
    );
}

/**
 * A client's answer to a server request: its id restored when this instance sent the request
 * (false: deliver it here), else forwarded to the instance that did (true).
 */
export function routeAnswer(
  bus: MessageBus,
  sessionId: string,
  self: string,
  message: JSONRPCMessage,
  report: (error: Error) => void,
): boolean {
  const tagged = untagResponseId(message);
  if (!tagged) return false;
  if (tagged.instanceId === self) {
    (message as { id: RequestId }).id = tagged.original;
    return false;
  }
  forwardAnswer(bus, sessionId, message, self, tagged, report);
  return true;
}

/**
 * The envelope of `message`: a response goes where its request came from, anything else where the
 * sender relates it; a server request of a shared session carries this instance in its id.
 */
export function envelopeOf(
  message: JSONRPCMessage,
  options: TransportSendOptions | undefined,
  instanceId?: string,
): OutboundEnvelope {
  const related = isResponse(message) && message.id !== null ? message.id : options?.relatedRequestId;
  const outgoing = instanceId === undefined ? message : tagRequestId(message, instanceId);
  return related === undefined ? { message: outgoing } : { message: outgoing, relatedRequestId: related };
}
