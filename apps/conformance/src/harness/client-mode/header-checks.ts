import { isUtf8 } from 'node:buffer';
import type { CheckOutcome } from '../types.js';
import { fail, notApplicable, pass } from './check-helpers.js';
import type { ClientLog } from './client-log.js';
import { NON_ASCII_RESOURCE } from './mock-core.js';

// SEP-2243 (2026-07-28): an Mcp-Name that is not visible ASCII goes out as the Base64 sentinel
// `=?base64?{Base64 of the UTF-8 value}?=`, so the header carries the exact name.

/** What a sentinel-encoded header value decodes to, or undefined when it is not one. */
function decodeSentinel(value: string): string | undefined {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  return match ? Buffer.from(match[1] ?? '', 'base64').toString('utf8') : undefined;
}

/** Node reads header bytes as Latin-1: bytes that are valid UTF-8 are shown as the text meant. */
function asUtf8(header: string): string {
  const bytes = Buffer.from(header, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : header;
}

export function checkMcpNameEncoding(log: ClientLog): CheckOutcome[] {
  const read = log.events.find(
    (event) =>
      event.direction === 'from-client' &&
      'method' in event.message &&
      event.message.method === 'resources/read' &&
      (event.message.params as { uri?: unknown } | undefined)?.uri === NON_ASCII_RESOURCE.uri,
  );
  if (read === undefined)
    return [
      notApplicable(
        'mcp-name-base64',
        `the client never read ${NON_ASCII_RESOURCE.uri}, the first resource listed (asked to act as in the referee's http-standard-headers)`,
      ),
    ];
  const header = read.http?.headers['mcp-name'];
  if (header === undefined)
    return [
      fail('mcp-name-base64', `resources/read of ${NON_ASCII_RESOURCE.uri} carried no Mcp-Name header`),
    ];
  const decoded = decodeSentinel(header);
  if (decoded === undefined)
    return [
      fail(
        'mcp-name-base64',
        `resources/read of ${NON_ASCII_RESOURCE.uri} sent Mcp-Name ${JSON.stringify(asUtf8(header))} as is; a value outside visible ASCII must be sent as =?base64?…?=`,
      ),
    ];
  return decoded === NON_ASCII_RESOURCE.uri
    ? [pass('mcp-name-base64', `Mcp-Name ${header} decodes to the URI`)]
    : [
        fail(
          'mcp-name-base64',
          `Mcp-Name ${header} decodes to ${JSON.stringify(decoded)}, not the URI ${JSON.stringify(NON_ASCII_RESOURCE.uri)}`,
        ),
      ];
}
