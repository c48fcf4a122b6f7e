import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests import this file from src/, but the fixtures to spawn are always the built ones.
const BUILT_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(
  /[\\/]src[\\/]broken[\\/]$/,
  `${sep}dist${sep}broken${sep}`,
);

/** One deliberately broken server or client, and the scenario that must catch it. */
export interface BrokenFixture {
  /** File name under dist/broken without `.js`. */
  name: string;
  kind: 'server' | 'client';
  /** Servers: the transport it serves by default. Clients: those it can speak. */
  transports: readonly ('stdio' | 'http')[];
  /** The one rule it breaks. */
  breaks: string;
  /** The scenario id that must flag it; no other scenario may, except those in `alsoFlaggedBy`. */
  flaggedBy: string;
  /**
   * Catch-all scenarios that legitimately see the same fault (e.g. `schema-valid` when the rule is a
   * required field of the revision's schema). They may flag it; nothing else may.
   */
  alsoFlaggedBy?: readonly string[];
  /** Extra environment the fixture needs to show its fault (clients in 2026-07-28 mode). */
  env?: Record<string, string>;
}

/** Path of a fixture's built entry point (next to this file in dist/broken). */
export function brokenFixturePath(name: string): string {
  return `${BUILT_DIR}${name}.js`;
}

/** The command that runs a fixture: `node dist/broken/<name>.js` plus transport flags for servers. */
export function brokenFixtureCommand(
  fixture: Pick<BrokenFixture, 'name'>,
  extraArgs: readonly string[] = [],
): string[] {
  return [process.execPath, brokenFixturePath(fixture.name), ...extraArgs];
}

/** The correct server and client every broken fixture is derived from; no scenario may flag them. */
export const BASELINE_SERVER = 'baseline-server';
export const BASELINE_CLIENT = 'baseline-client';

export const BROKEN_SERVERS: readonly BrokenFixture[] = [
  {
    name: 'unknown-tool-error-code',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'tools/call of an unknown tool answers -32601 instead of -32602',
    flaggedBy: 'tools-call-unknown-tool',
  },
  {
    name: 'missing-result-type',
    kind: 'server',
    transports: ['http'],
    breaks: '2026-07-28 results omit resultType',
    flaggedBy: 'result-type-2026',
    alsoFlaggedBy: ['schema-valid'],
  },
  {
    name: 'empty-contents-unknown-resource',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'resources/read of an unknown URI returns empty contents instead of the not-found error',
    flaggedBy: 'resources-read-unknown',
  },
  {
    name: 'no-origin-check',
    kind: 'server',
    transports: ['http'],
    breaks: 'requests with a foreign Origin header are served (no DNS-rebinding protection)',
    flaggedBy: 'http-origin-check',
  },
  {
    name: 'tampered-state-accepted',
    kind: 'server',
    transports: ['http'],
    breaks: 'a tampered 2026-07-28 requestState is accepted instead of rejected with -32602',
    flaggedBy: 'mrtr-tampered-state',
  },
  {
    name: 'stdout-pollution',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'writes a non-JSON-RPC log line to stdout',
    flaggedBy: 'stdio-stdout-clean',
  },
  {
    name: 'wrong-framing',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'stdio messages span several lines (pretty-printed JSON) instead of one line each',
    flaggedBy: 'stdio-framing',
  },
  {
    name: 'missing-cache-hint',
    kind: 'server',
    transports: ['http'],
    breaks: '2026-07-28 tools/list results carry no ttlMs/cacheScope',
    flaggedBy: 'cache-hints-2026',
    alsoFlaggedBy: ['schema-valid'],
  },
  {
    name: 'tasks-ungated',
    kind: 'server',
    transports: ['http'],
    breaks: 'answers tasks/get for clients that did not declare the tasks extension (no -32021)',
    flaggedBy: 'tasks-extension-surface',
  },
  {
    name: 'stripped-schema-keyword',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'tools/list drops $defs from input schemas (a $ref is left dangling)',
    flaggedBy: 'tools-list-schema-preserved',
  },
];

/**
 * Servers whose handshake itself is broken, so no scenario can run: server mode must fail the
 * run through its `lifecycle-handshake` rows instead of reporting everything not applicable.
 * Kept apart from BROKEN_SERVERS, whose one broken rule leaves every other rule checkable.
 */
export const HANDSHAKE_BROKEN_SERVERS: readonly BrokenFixture[] = [
  {
    name: 'handshake-internal-error',
    kind: 'server',
    transports: ['stdio', 'http'],
    breaks: 'answers every initialize and server/discover with -32603 (internal error)',
    flaggedBy: 'lifecycle-handshake',
  },
];

/**
 * Servers that break JSON-RPC itself, or stop answering: each must be named for what was seen on
 * the wire (the id that came back, the null result, the missing member, the exit, the silence),
 * never for a symptom such as "no response" or a harness exception (wire-faults-cli.test.ts).
 */
export const WIRE_BROKEN_SERVERS: readonly BrokenFixture[] = [
  {
    name: 'wrong-response-id',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'answers every request under an id no request carried (its id plus 1000)',
    flaggedBy: 'lifecycle-handshake',
  },
  {
    name: 'null-result',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'answers tools/list with "result": null',
    flaggedBy: 'tools-list',
  },
  {
    name: 'missing-jsonrpc',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'responses omit "jsonrpc": "2.0"',
    flaggedBy: 'lifecycle-handshake',
  },
  {
    name: 'dies-mid-run',
    kind: 'server',
    transports: ['stdio', 'http'],
    breaks: 'exits (status 3) on its first tools/call',
    flaggedBy: 'tools-call',
  },
  {
    name: 'silent-handshake',
    kind: 'server',
    transports: ['stdio'],
    breaks: 'never answers initialize or server/discover',
    flaggedBy: 'lifecycle-handshake',
  },
];

export const BROKEN_CLIENTS: readonly BrokenFixture[] = [
  {
    name: 'client-skips-initialized',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: 'never sends notifications/initialized',
    flaggedBy: 'initialize',
  },
  {
    name: 'client-no-protocol-version-header',
    kind: 'client',
    transports: ['http'],
    breaks: 'HTTP requests after initialization omit MCP-Protocol-Version',
    flaggedBy: 'protocol-version-header',
  },
  {
    name: 'client-ignores-negotiated-version',
    kind: 'client',
    transports: ['http'],
    breaks: 'keeps sending the offered revision in MCP-Protocol-Version after the server negotiated another',
    flaggedBy: 'version-negotiation',
  },
  {
    name: 'client-never-answers-ping',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: 'never answers the server ping',
    flaggedBy: 'ping',
  },
  {
    name: 'client-answers-unknown-methods',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: 'answers a server request for an unknown method with a result instead of error -32601',
    flaggedBy: 'unknown-server-request',
  },
  {
    name: 'client-stdout-pollution',
    kind: 'client',
    transports: ['stdio'],
    breaks: 'over stdio, writes a non-JSON-RPC line to stdout',
    flaggedBy: 'stdio-stdout-clean',
  },
  {
    name: 'client-bad-sampling-result',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: 'answers sampling/createMessage without model',
    flaggedBy: 'sampling',
  },
  {
    name: 'client-ignores-retry',
    kind: 'client',
    transports: ['http'],
    breaks: 'reconnects a broken SSE stream sooner than the server retry: delay',
    flaggedBy: 'sse-retry',
  },
  {
    name: 'client-no-last-event-id',
    kind: 'client',
    transports: ['http'],
    breaks: 'resumes a broken SSE stream without Last-Event-ID',
    flaggedBy: 'sse-retry',
  },
  {
    name: 'client-no-meta-2026',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: '2026-07-28 requests lack the protocol version in _meta',
    flaggedBy: 'meta-envelope-2026',
  },
  {
    name: 'client-mrtr-drops-state',
    kind: 'client',
    transports: ['stdio', 'http'],
    breaks: 'retries a 2026-07-28 input_required call without the requestState',
    flaggedBy: 'mrtr-2026',
  },
];

/** A fixture as one shell command line, for client mode's `--command`. */
export function brokenFixtureShellCommand(name: string): string {
  return [process.execPath, brokenFixturePath(name)].map((part) => JSON.stringify(part)).join(' ');
}

/** Every fixture with the command that runs it (servers on their default transport). */
export const BROKEN_FIXTURES: readonly (BrokenFixture & { command: string[] })[] = [
  ...BROKEN_SERVERS,
  ...BROKEN_CLIENTS,
].map((fixture) => ({
  ...fixture,
  command: brokenFixtureCommand(
    fixture,
    fixture.kind === 'server' ? [`--${fixture.transports[0] ?? 'stdio'}`] : [],
  ),
}));
