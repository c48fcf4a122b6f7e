import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ErrorCode,
  ListRootsResultSchema,
} from '@mcpkit/protocol';
import type { CheckOutcome } from '../types.js';
import { checkSchema, fail, pass } from './check-helpers.js';
import {
  type ClientTransport,
  checkAnswer,
  checkHeaders,
  checkInitialize,
  checkMetaEnvelope,
  checkMrtr,
  checkNegotiation,
  checkSseRetry,
  checkStdoutClean,
  checkToolCall,
} from './client-checks.js';
import type { ClientLog } from './client-log.js';
import { checkMcpNameEncoding } from './header-checks.js';
import { type MockBehaviour, UNKNOWN_SERVER_METHOD } from './mock-core.js';

export type { ClientTransport } from './client-checks.js';

/** One client-mode scenario: how the mock server behaves, and what it checks afterwards. */
export interface ClientScenario {
  id: string;
  description: string;
  transports: readonly ClientTransport[];
  /** Extra environment for the client (MCP_CONFORMANCE_SCENARIO is always set to `id`). */
  env?: Record<string, string>;
  behaviour: MockBehaviour;
  check(log: ClientLog, transport: ClientTransport): CheckOutcome[];
}

const BOTH: readonly ClientTransport[] = ['stdio', 'http'];

/** Every client-mode scenario, in the order they run. */
export const CLIENT_SCENARIOS: readonly ClientScenario[] = [
  {
    id: 'initialize',
    description: 'initialize shape, then notifications/initialized before any request',
    transports: BOTH,
    behaviour: {},
    check: checkInitialize,
  },
  {
    id: 'protocol-version-header',
    description: 'MCP-Protocol-Version and Mcp-Session-Id on every HTTP request after initialize',
    transports: ['http'],
    behaviour: {},
    check: checkHeaders,
  },
  {
    id: 'version-negotiation',
    description:
      'the server answers initialize with 2025-06-18: the client goes on with it (and sends it in MCP-Protocol-Version)',
    transports: BOTH,
    behaviour: { answerVersion: '2025-06-18' },
    check: checkNegotiation,
  },
  {
    id: 'tools_call',
    description: 'calls add_numbers with {a: 5, b: 3}',
    transports: BOTH,
    behaviour: {},
    check: checkToolCall,
  },
  {
    id: 'ping',
    description: 'answers a ping the server sends while listing tools',
    transports: BOTH,
    behaviour: { askDuringToolsList: ['ping'] },
    check: checkAnswer('ping-answered', 'ping', undefined, (result) =>
      typeof result === 'object' && result !== null
        ? pass('ping-answered')
        : fail('ping-answered', 'the ping result is not an object'),
    ),
  },
  {
    id: 'sampling',
    description: 'answers sampling/createMessage with a valid result',
    transports: BOTH,
    behaviour: { askDuringToolsList: ['sampling'] },
    check: checkAnswer('sampling-result', 'sampling/createMessage', 'sampling', (result) =>
      checkSchema('sampling-result', CreateMessageResultSchema, result, 'the sampling result'),
    ),
  },
  {
    id: 'elicitation',
    description: 'answers elicitation/create with a valid action and content',
    transports: BOTH,
    behaviour: { askDuringToolsList: ['elicitation'] },
    check: checkAnswer('elicitation-result', 'elicitation/create', 'elicitation', (result) =>
      checkSchema('elicitation-result', ElicitResultSchema, result, 'the elicitation result'),
    ),
  },
  {
    id: 'roots',
    description: 'answers roots/list with file:// roots',
    transports: BOTH,
    behaviour: { askDuringToolsList: ['roots'] },
    check: checkAnswer('roots-result', 'roots/list', 'roots', (result) => {
      const outcome = checkSchema('roots-result', ListRootsResultSchema, result, 'the roots result');
      if (outcome.verdict !== 'pass') return outcome;
      const roots = (result as { roots: { uri: string }[] }).roots;
      const bad = roots.find((root) => !root.uri.startsWith('file://'));
      return bad ? fail('roots-result', `root ${bad.uri} is not a file:// URI`) : outcome;
    }),
  },
  {
    id: 'unknown-server-request',
    description: 'answers a server request for a method it does not know with error -32601',
    transports: BOTH,
    behaviour: { askDuringToolsList: ['unknown-method'] },
    check: checkAnswer(
      'method-not-found',
      UNKNOWN_SERVER_METHOD,
      undefined,
      () =>
        fail(
          'method-not-found',
          `the client answered ${UNKNOWN_SERVER_METHOD} with a result; expected error ${ErrorCode.MethodNotFound}`,
        ),
      (error) =>
        error.code === ErrorCode.MethodNotFound
          ? pass('method-not-found')
          : fail(
              'method-not-found',
              `the client answered with error ${error.code}; expected ${ErrorCode.MethodNotFound}`,
            ),
    ),
  },
  {
    id: 'stdio-stdout-clean',
    description: 'over stdio, writes nothing but JSON-RPC messages to stdout',
    transports: ['stdio'],
    behaviour: {},
    check: checkStdoutClean,
  },
  {
    id: 'sse-retry',
    description: 'resumes a broken SSE stream with GET + Last-Event-ID after the retry: delay',
    transports: ['http'],
    behaviour: { sseRetryMs: 1_500 },
    check: checkSseRetry,
  },
  {
    id: 'meta-envelope-2026',
    description: 'asked for 2026-07-28, every request carries the _meta envelope',
    transports: BOTH,
    env: { MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28' },
    behaviour: { stateless2026: true },
    check: checkMetaEnvelope,
  },
  {
    id: 'mcp-name-base64',
    description:
      "asked for 2026-07-28 and to act as in the referee's http-standard-headers, reads the first resource, whose non-ASCII URI goes out as a Base64 Mcp-Name",
    transports: ['http'],
    env: {
      MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28',
      MCP_CONFORMANCE_SCENARIO: 'http-standard-headers',
    },
    behaviour: { stateless2026: true, nonAsciiResource: true },
    check: checkMcpNameEncoding,
  },
  {
    id: 'mrtr-2026',
    description:
      'asked for 2026-07-28, calls add_numbers; answers its input_required result by retrying with inputResponses and the requestState echoed',
    transports: BOTH,
    env: { MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28' },
    behaviour: { stateless2026: true, mrtr: true },
    check: checkMrtr,
  },
];
