import {
  isSupportedProtocolVersion,
  type JSONRPCRequest,
  parseRequestParams,
  parseResult,
  requestParamsSchemas,
} from '@mcpkit/protocol';
import type { ClientLog } from './client-log.js';

/**
 * What the mock server sent that its negotiated revision's schema rejects: a harness bug, since
 * a client must not be judged against a non-conforming server. Methods no revision defines (sent
 * on purpose, as in unknown-server-request) are skipped.
 */
export function mockSchemaProblems(log: ClientLog): string[] {
  const revision = log.negotiatedVersion;
  if (revision === undefined || !isSupportedProtocolVersion(revision)) return [];
  const requests = new Map<unknown, JSONRPCRequest>();
  for (const event of log.sent()) {
    if ('method' in event.message && 'id' in event.message) requests.set(event.message.id, event.message);
  }
  const problems: string[] = [];
  for (const event of log.events) {
    if (event.direction !== 'to-client') continue;
    const message = event.message;
    if ('method' in message) {
      if (!(message.method in requestParamsSchemas)) continue;
      const parsed = parseRequestParams(message.method, message.params ?? {}, revision);
      if (!parsed.success) problems.push(`${message.method} request: ${parsed.error.message}`);
    } else if ('result' in message) {
      const method = requests.get(message.id)?.method;
      if (method === undefined) continue;
      const parsed = parseResult(method, message.result, revision);
      if (!parsed.success) problems.push(`result of ${method}: ${parsed.error.message}`);
    }
  }
  return problems;
}
