import { brief, check, fail, notApplicable, pass, type ServerScenario } from './scenario.js';
import { CLIENT_INFO, clientCapabilities, type Revision } from './session.js';
import type { HttpWire } from './wire-http.js';
import type { StdioWire } from './wire-stdio.js';

// Transport rules: stdio framing and stdout hygiene; Streamable HTTP headers, sessions and Origin checks.

const STATEFUL: readonly Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25'];

const stdoutClean: ServerScenario = {
  id: 'stdio-stdout-clean',
  description: 'stdout carries nothing but JSON-RPC messages',
  transports: ['stdio'],
  async run({ session }) {
    const { noise } = session.wire as StdioWire;
    return [
      check(
        'stdout-clean',
        noise.lines.length === 0,
        `stdout carried a non-JSON-RPC line: ${noise.lines[0]?.slice(0, 120)}`,
      ),
    ];
  },
};

const framing: ServerScenario = {
  id: 'stdio-framing',
  description: 'each message is one line of JSON (newline-delimited, no embedded newlines)',
  transports: ['stdio'],
  async run({ session }) {
    const { noise } = session.wire as StdioWire;
    return [
      check(
        'one-line-per-message',
        noise.multiline === 0,
        `${noise.multiline} message(s) spanned several lines`,
      ),
    ];
  },
};

function initializeBody(revision: Revision): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: revision,
      capabilities: clientCapabilities(revision),
      clientInfo: CLIENT_INFO,
    },
  });
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const sessionLifecycle: ServerScenario = {
  id: 'http-session-lifecycle',
  description:
    'session ids are visible ASCII; an unknown session is 404; a missing one is 400; DELETE ends it',
  transports: ['http'],
  revisions: STATEFUL,
  async run({ session, revision }) {
    const wire = session.wire as HttpWire;
    if (wire.sessionId === undefined)
      return [notApplicable('session-id', 'the server runs without sessions (stateless)')];
    const checks = [
      check(
        'session-id-ascii',
        /^[\x21-\x7e]+$/.test(wire.sessionId),
        `Mcp-Session-Id has characters outside visible ASCII: ${brief(wire.sessionId)}`,
      ),
    ];
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const version = { 'mcp-protocol-version': revision };
    const unknown = await wire.post(ping, {
      ...JSON_HEADERS,
      ...version,
      'mcp-session-id': 'mcpkit-conformance-unknown',
    });
    checks.push(
      check(
        'unknown-session-404',
        unknown.status === 404,
        `an unknown session id got HTTP ${unknown.status}; expected 404`,
      ),
    );
    const missing = await wire.post(ping, { ...JSON_HEADERS, ...version });
    checks.push(
      check(
        'missing-session-400',
        missing.status === 400,
        `a request without Mcp-Session-Id got HTTP ${missing.status}; expected 400`,
      ),
    );
    // A separate session to delete, so the shared one stays usable for later scenarios.
    const opened = await wire.post(initializeBody(revision), JSON_HEADERS);
    const id = opened.headers.get('mcp-session-id');
    if (id === null)
      return [
        ...checks,
        fail('delete', `a second initialize returned no Mcp-Session-Id (HTTP ${opened.status})`),
      ];
    const deleted = await fetch(wire.url, {
      method: 'DELETE',
      headers: { ...version, 'mcp-session-id': id },
    });
    await deleted.body?.cancel();
    if (deleted.status === 405)
      return [...checks, notApplicable('delete', 'the server does not let clients end sessions (405)')];
    const after = await wire.post(ping, { ...JSON_HEADERS, ...version, 'mcp-session-id': id });
    checks.push(
      check(
        'delete-ends-session',
        deleted.status < 300 && after.status === 404,
        `DELETE got ${deleted.status}, then a request got ${after.status}; expected 2xx then 404`,
      ),
    );
    return checks;
  },
};

const headerRules: ServerScenario = {
  id: 'http-header-rules',
  description:
    'a POST without text/event-stream in Accept is 406; a wrong Content-Type is 415; an unknown MCP-Protocol-Version is 400',
  transports: ['http'],
  revisions: ['2025-11-25'],
  async run({ session, revision }) {
    const wire = session.wire as HttpWire;
    const headers = wire.headersFor();
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const accept = await wire.post(ping, { ...headers, accept: 'application/json' });
    const type = await wire.post(ping, { ...headers, 'content-type': 'text/plain' });
    const version = await wire.post(ping, { ...headers, 'mcp-protocol-version': '1999-01-01' });
    return [
      check(
        'accept-406',
        accept.status === 406,
        `Accept without text/event-stream got HTTP ${accept.status}; expected 406`,
      ),
      check(
        'content-type-415',
        type.status === 415,
        `Content-Type text/plain got HTTP ${type.status}; expected 415`,
      ),
      check(
        'protocol-version-400',
        version.status === 400,
        `MCP-Protocol-Version 1999-01-01 got HTTP ${version.status} at ${revision}; expected 400`,
      ),
    ];
  },
};

const originCheck: ServerScenario = {
  id: 'http-origin-check',
  description: 'a server on a loopback address refuses a foreign Origin (DNS-rebinding protection)',
  transports: ['http'],
  revisions: ['2025-11-25', '2026-07-28'],
  async run({ session, revision }) {
    const wire = session.wire as HttpWire;
    if (!/^https?:\/\/(127\.|localhost|\[::1\])/.test(wire.url))
      return [notApplicable('origin', 'the server is not on a loopback address')];
    const body =
      revision === '2026-07-28'
        ? JSON.stringify({
            jsonrpc: '2.0',
            id: 4,
            method: 'server/discover',
            params: {
              _meta: {
                'io.modelcontextprotocol/protocolVersion': revision,
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          })
        : initializeBody(revision);
    const headers: Record<string, string> = { ...JSON_HEADERS, origin: 'http://evil.example.com' };
    if (revision === '2026-07-28')
      Object.assign(headers, { 'mcp-protocol-version': revision, 'mcp-method': 'server/discover' });
    const answer = await wire.post(body, headers);
    return answer.status >= 400 && answer.status < 500
      ? [pass('foreign-origin-refused', `HTTP ${answer.status}`)]
      : [
          fail(
            'foreign-origin-refused',
            `a request with Origin http://evil.example.com got HTTP ${answer.status}; expected 403`,
          ),
        ];
  },
};

export const TRANSPORT_SCENARIOS: readonly ServerScenario[] = [
  stdoutClean,
  framing,
  sessionLifecycle,
  headerRules,
  originCheck,
];
