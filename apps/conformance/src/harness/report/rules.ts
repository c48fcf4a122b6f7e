import type { CheckOutcome, ScenarioResult, Severity } from '../types.js';

// What each scenario checks, as the spec says it: the rule, its RFC 2119 strength and the page
// that states it. Pages are paths under https://modelcontextprotocol.io/specification/<revision>/
// for the two revisions whose text the project holds (2025-11-25 and 2026-07-28); a result at an
// older revision links the 2025-11-25 page, which carries the same rule forward.

export type { Severity };
export const SEVERITIES: readonly Severity[] = ['MUST', 'SHOULD', 'MAY'];

export interface Rule {
  rule: string;
  severity: Severity;
  /** Page path (with an optional #anchor) per revision tree; a rule of one revision has one. */
  pages: { '2025-11-25'?: string; '2026-07-28'?: string };
}

const SITE = 'https://modelcontextprotocol.io/specification';
const LIFECYCLE = { '2025-11-25': 'basic/lifecycle', '2026-07-28': 'server/discover' };
const JSONRPC = { '2025-11-25': 'basic/index#messages', '2026-07-28': 'basic/index#messages' };
const TOOLS = { '2025-11-25': 'server/tools', '2026-07-28': 'server/tools' };
const RESOURCES = { '2025-11-25': 'server/resources', '2026-07-28': 'server/resources' };
const HTTP = {
  '2025-11-25': 'basic/transports#streamable-http',
  '2026-07-28': 'basic/transports/streamable-http',
};
const STDIO = { '2025-11-25': 'basic/transports#stdio', '2026-07-28': 'basic/transports/stdio' };
const MRTR = { '2026-07-28': 'basic/patterns/mrtr' };
const HEADERS = { '2026-07-28': 'basic/transports/streamable-http#standard-request-headers' };

const rule = (severity: Severity, text: string, pages: Rule['pages']): Rule => ({
  rule: text,
  severity,
  pages,
});

/** Server-mode scenarios by id. */
export const SERVER_RULES: Readonly<Record<string, Rule>> = {
  'lifecycle-handshake': rule(
    'MUST',
    'The server answers the handshake (initialize; server/discover at 2026-07-28) with a valid result naming a revision it supports',
    LIFECYCLE,
  ),
  ping: rule('MUST', 'The receiver of a ping answers promptly with an empty result', {
    '2025-11-25': 'basic/utilities/ping',
  }),
  'tools-list': rule('MUST', 'tools/list returns every tool with a name and an object inputSchema', TOOLS),
  'tools-call': rule(
    'MUST',
    'tools/call of a listed tool returns a CallToolResult (content, or isError)',
    TOOLS,
  ),
  'tools-call-unknown-tool': rule(
    'SHOULD',
    'tools/call of an unknown tool is a protocol error -32602, not a result',
    TOOLS,
  ),
  'resources-read': rule('MUST', 'resources/read of a listed resource returns its contents', RESOURCES),
  'resources-read-unknown': rule(
    'SHOULD',
    'resources/read of an unknown URI is the resource-not-found error, not empty contents',
    RESOURCES,
  ),
  'resources-templates-list': rule(
    'MUST',
    'resources/templates/list returns templates with a uriTemplate and a name',
    RESOURCES,
  ),
  'prompts-get': rule('MUST', 'prompts/get of a listed prompt returns its messages', {
    '2025-11-25': 'server/prompts',
    '2026-07-28': 'server/prompts',
  }),
  'completion-complete': rule(
    'MUST',
    'completion/complete returns a completion with a values array (at most 100)',
    { '2025-11-25': 'server/utilities/completion', '2026-07-28': 'server/utilities/completion' },
  ),
  'logging-set-level': rule(
    'MUST',
    'logging/setLevel is accepted with an empty result by a server declaring logging',
    { '2025-11-25': 'server/utilities/logging', '2026-07-28': 'server/utilities/logging' },
  ),
  'resources-subscribe': rule(
    'MUST',
    'A server declaring resources.subscribe accepts resources/subscribe and unsubscribe',
    { '2025-11-25': 'server/resources#subscriptions', '2026-07-28': 'basic/patterns/subscriptions' },
  ),
  'pagination-bad-cursor': rule('SHOULD', 'An invalid cursor is refused with -32602', {
    '2025-11-25': 'server/utilities/pagination',
    '2026-07-28': 'server/utilities/pagination',
  }),
  'subscriptions-listen': rule(
    'MUST',
    'subscriptions/listen opens its stream with notifications/subscriptions/acknowledged',
    { '2026-07-28': 'basic/patterns/subscriptions' },
  ),
  'tools-list-schema-preserved': rule(
    'MUST',
    'Tool input schemas are JSON Schema 2020-12 documents, listed with every keyword ($defs, $ref, $anchor …)',
    { '2025-11-25': 'basic/index#json-schema-usage', '2026-07-28': 'basic/index#json-schema-usage' },
  ),
  'schema-valid': rule('MUST', "Every message conforms to the revision's schema", {
    '2025-11-25': 'schema',
    '2026-07-28': 'schema',
  }),
  'error-unknown-method': rule(
    'MUST',
    'A request for an unknown method is answered -32601 (method not found)',
    JSONRPC,
  ),
  'error-malformed-json': rule('MUST', 'Unparseable JSON is answered -32700 (parse error)', JSONRPC),
  'error-invalid-request': rule(
    'MUST',
    'A message that is not a valid request is answered -32600 (invalid request)',
    JSONRPC,
  ),
  'error-invalid-params': rule(
    'SHOULD',
    'Arguments of the wrong type are refused with -32602 (invalid params)',
    TOOLS,
  ),
  cancellation: rule('SHOULD', 'A cancelled request is not answered, and the server stays usable', {
    '2025-11-25': 'basic/utilities/cancellation',
    '2026-07-28': 'basic/patterns/cancellation',
  }),
  progress: rule(
    'MUST',
    "Progress notifications carry the request's progressToken and a progress that increases",
    { '2025-11-25': 'basic/utilities/progress', '2026-07-28': 'basic/patterns/progress' },
  ),
  'round-trip-sampling': rule('MUST', "A tool that samples gets the client's sampling answer and completes", {
    '2025-11-25': 'client/sampling',
    '2026-07-28': 'basic/patterns/mrtr',
  }),
  'round-trip-elicitation': rule('MUST', "A tool that elicits gets the client's answer and completes", {
    '2025-11-25': 'client/elicitation',
    '2026-07-28': 'basic/patterns/mrtr',
  }),
  'round-trip-roots': rule('MUST', "A tool that lists roots gets the client's roots and completes", {
    '2025-11-25': 'client/roots',
    '2026-07-28': 'basic/patterns/mrtr',
  }),
  'result-type-2026': rule('MUST', 'Every 2026-07-28 result carries resultType', {
    '2026-07-28': 'basic/index#resulttype',
  }),
  'meta-envelope-required': rule(
    'MUST',
    'A 2026-07-28 request without the protocol version in _meta is refused',
    { '2026-07-28': 'basic/versioning#protocol-version-negotiation' },
  ),
  'unsupported-version': rule(
    'MUST',
    'A request at a revision the server does not support is refused with -32022 listing the supported ones',
    { '2026-07-28': 'basic/versioning#protocol-version-negotiation' },
  ),
  'cache-hints-2026': rule('MUST', 'Cacheable 2026-07-28 results carry ttlMs and cacheScope', {
    '2026-07-28': 'server/utilities/caching',
  }),
  'mrtr-tampered-state': rule('MUST', 'A tampered requestState is refused, never acted on', MRTR),
  'mrtr-state-bound': rule(
    'SHOULD',
    'A requestState is bound to its request (method and salient parameters): replayed on a call with other arguments it must not complete that call',
    MRTR,
  ),
  'input-required-shape': rule('MUST', 'Every InputRequiredResult carries inputRequests or requestState', {
    '2026-07-28': 'basic/patterns/mrtr#server-requirements-basic-workflow',
  }),
  'tool-output-any-json': rule(
    'MUST',
    "structuredContent conforms to the tool's outputSchema, which may describe any JSON value (array, string, number …)",
    { '2026-07-28': 'server/tools#structured-content' },
  ),
  'deep-schema-refused': rule(
    'MUST',
    'Tool inputs are validated: arguments nested too deep for the validator (anyOf/$ref recursion) are refused with -32602, not an internal error or a crash (validation SHOULD be bounded)',
    { '2026-07-28': 'basic/index#composition-keyword-resource-use' },
  ),
  'tasks-extension-surface': rule(
    'MUST',
    'tasks/* answer only clients that negotiated the tasks extension (-32021 otherwise)',
    { '2026-07-28': 'basic/versioning#extension-negotiation' },
  ),
  'stdio-stdout-clean': rule(
    'MUST',
    'Over stdio the server writes nothing to stdout but JSON-RPC messages',
    STDIO,
  ),
  'stdio-framing': rule(
    'MUST',
    'Over stdio each message is one line, newline-delimited, with no embedded newline',
    STDIO,
  ),
  'http-session-lifecycle': rule(
    'MUST',
    'Mcp-Session-Id is issued at initialize, required afterwards, and ended by DELETE',
    { '2025-11-25': 'basic/transports#session-management' },
  ),
  'http-header-rules': rule(
    'MUST',
    'Streamable HTTP requests are checked for Accept, Content-Type and MCP-Protocol-Version',
    HTTP,
  ),
  'http-origin-check': rule(
    'MUST',
    'Requests with an invalid Origin are refused with 403 (DNS-rebinding protection)',
    HTTP,
  ),
  'mcp-name-base64': rule(
    'MUST',
    'The server decodes a Base64 sentinel Mcp-Name (=?base64?…?=) before comparing it with the body',
    { '2026-07-28': 'basic/transports/streamable-http#value-encoding' },
  ),
  'mcp-param-numeric': rule('MUST', 'A numeric Mcp-Param header is compared as a number (42.0 matches 42)', {
    '2026-07-28': 'basic/transports/streamable-http#server-validation',
  }),
  'mcp-headers-mismatch': rule(
    'MUST',
    'A request whose Mcp-Method or Mcp-Name contradicts its body is refused with 400 and a JSON-RPC error',
    HEADERS,
  ),
};

/** Client-mode scenarios by id. */
export const CLIENT_RULES: Readonly<Record<string, Rule>> = {
  initialize: rule(
    'MUST',
    'The client initializes, then sends notifications/initialized before any other request',
    LIFECYCLE,
  ),
  'protocol-version-header': rule(
    'MUST',
    'Every HTTP request after initialization carries MCP-Protocol-Version (and the session id)',
    HTTP,
  ),
  'version-negotiation': rule('MUST', 'The client uses the revision the server negotiated', LIFECYCLE),
  tools_call: rule('MUST', 'The client calls a listed tool with arguments its inputSchema accepts', TOOLS),
  ping: rule('MUST', 'The client answers a server ping with an empty result', {
    '2025-11-25': 'basic/utilities/ping',
  }),
  sampling: rule('MUST', 'sampling/createMessage is answered with a valid CreateMessageResult', {
    '2025-11-25': 'client/sampling',
    '2026-07-28': 'client/sampling',
  }),
  elicitation: rule('MUST', 'elicitation/create is answered with a valid action and content', {
    '2025-11-25': 'client/elicitation',
    '2026-07-28': 'client/elicitation',
  }),
  roots: rule('MUST', 'roots/list is answered with file:// roots', {
    '2025-11-25': 'client/roots',
    '2026-07-28': 'client/roots',
  }),
  'unknown-server-request': rule(
    'MUST',
    'A request for a method the client does not know is answered -32601',
    JSONRPC,
  ),
  'stdio-stdout-clean': rule(
    'MUST',
    'Over stdio the client writes nothing to stdout but JSON-RPC messages',
    STDIO,
  ),
  'sse-retry': rule(
    'SHOULD',
    "A broken SSE stream is resumed with Last-Event-ID after the server's retry delay",
    HTTP,
  ),
  'meta-envelope-2026': rule(
    'MUST',
    'Every 2026-07-28 request carries the protocol version, capabilities and client info in _meta',
    { '2026-07-28': 'basic/versioning#protocol-version-negotiation' },
  ),
  'mrtr-2026': rule(
    'MUST',
    'The client retries an input_required call with the inputResponses and the requestState, byte for byte',
    MRTR,
  ),
  'mcp-name-base64': rule('MUST', 'An Mcp-Name outside visible ASCII is sent Base64-encoded (=?base64?…?=)', {
    '2026-07-28': 'basic/transports/streamable-http#value-encoding',
  }),
  'client-stderr': rule('MAY', 'The client may log to stderr; shown for diagnosis only', STDIO),
};

/** The page link for a rule at a revision (older revisions link the 2025-11-25 text). */
export function specLink(pages: Rule['pages'], revision: string | undefined): string {
  const tree =
    revision === '2026-07-28' && pages['2026-07-28'] !== undefined
      ? '2026-07-28'
      : pages['2025-11-25'] !== undefined
        ? '2025-11-25'
        : '2026-07-28';
  return `${SITE}/${tree}/${pages[tree] ?? ''}`;
}

/** The rule a result checks, for its mode; undefined for referee rows and matrix cells. */
export function ruleFor(result: ScenarioResult, mode: 'server' | 'client'): Rule | undefined {
  if (result.source !== 'mcpkit') return undefined;
  return (mode === 'client' ? CLIENT_RULES : SERVER_RULES)[result.scenario];
}

/** The result with its rule, severity and spec link on the result and on each of its checks. */
export function withRule(result: ScenarioResult, mode: 'server' | 'client'): ScenarioResult {
  const found = ruleFor(result, mode);
  if (found === undefined) return result;
  const spec = specLink(found.pages, result.revision);
  const checks: CheckOutcome[] = result.checks.map((check) => ({
    ...check,
    rule: check.rule ?? found.rule,
    severity: check.severity ?? found.severity,
    spec: check.spec ?? spec,
  }));
  return { ...result, rule: found.rule, severity: found.severity, spec, checks };
}
