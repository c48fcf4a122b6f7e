import type { RequestId } from '@mcpkit/protocol';

/**
 * A server-to-client request with no way to the client: not tied to a client request whose POST
 * can carry it, and no GET stream open. `code` lets callers (the server's tasks) wait for a stream.
 */
export class NoStreamError extends Error {
  readonly code = 'NO_STREAM';

  constructor(method: string, relatedRequestId: RequestId | undefined) {
    const why =
      relatedRequestId === undefined
        ? 'it is not part of a client request'
        : `the POST of request ${JSON.stringify(relatedRequestId)} is not open as an SSE stream`;
    super(
      `Cannot send the ${method} request to the client: ${why}, and the client has no GET stream open to receive it`,
    );
    this.name = 'NoStreamError';
  }
}

/** A response whose request no POST of the session waits for (it was answered, cancelled or closed). */
export function noPostWaiting(relatedRequestId: RequestId | undefined): Error {
  return new Error(
    `Cannot send the response to request ${JSON.stringify(relatedRequestId)}: no POST of this session is waiting for it`,
  );
}
