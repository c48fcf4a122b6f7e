import { JsonRpcError, toErrorResponse } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { Reply } from './exchange.js';
import { isResponse } from './framing.js';

// A handler's result that JSON cannot carry (a BigInt, a cycle) is a bug in that handler, found only
// when the answer is written. Unchecked, the write throws after the request was accepted: the POST
// never gets an answer, and on the stateless path the throw was an unhandled rejection that ends the
// process. Each answer is therefore written through here: what cannot be written becomes the -32603
// error response for the same request.

/** Who hears of an answer that was replaced (a stream's host: an object, so no closure per answer). */
export interface AnswerErrors {
  reportStreamError(error: Error): void;
}

/** `message` and its JSON text; an answer JSON cannot carry is replaced by its -32603 error response. */
export function writable(
  message: JSONRPCMessage,
  errors: AnswerErrors,
): { message: JSONRPCMessage; data: string } {
  try {
    return { message, data: JSON.stringify(message) };
  } catch (error) {
    const replaced = replacement(message, error, errors);
    return { message: replaced, data: JSON.stringify(replaced) };
  }
}

/** The JSON text of `message` (a batch: each element on its own), replaced as `writable` says. */
export function answerText(message: JSONRPCMessage | JSONRPCMessage[], errors: AnswerErrors): string {
  try {
    return JSON.stringify(message);
  } catch (error) {
    if (Array.isArray(message)) return `[${message.map((one) => answerText(one, errors)).join(',')}]`;
    return JSON.stringify(replacement(message, error, errors));
  }
}

/** A JSON reply carrying `message`, written through `answerText`. */
export function answerReply(
  message: JSONRPCMessage | JSONRPCMessage[],
  status: number,
  headers: Record<string, string>,
  errors: AnswerErrors,
): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: answerText(message, errors),
  };
}

/** The error response standing in for an unwritable answer; anything else that fails to write throws. */
function replacement(message: JSONRPCMessage, error: unknown, errors: AnswerErrors): JSONRPCMessage {
  if (!isResponse(message) || message.id === null) throw error;
  const reason = error instanceof Error ? error.message : String(error);
  const failure = JsonRpcError.internalError(
    `Internal error: the answer to request ${JSON.stringify(message.id)} could not be written as JSON (${reason})`,
  );
  errors.reportStreamError(failure);
  return toErrorResponse(message.id, failure);
}
