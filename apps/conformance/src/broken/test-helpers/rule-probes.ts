import type { JSONObject, JSONRPCResponse } from '@mcpkit/protocol';
import { PRESERVED_SCHEMA } from '../kit/base-server.js';
import { postJson, type RawSession, request2026, type StdioTranscript } from './raw-sessions.js';

// One probe per rule a broken fixture breaks, named after the scenario id that must flag it. They
// stand in for the harness's server scenarios in the trust test until those exist; each checks
// one rule and ignores everything else, so a fixture breaking another rule passes it.

export interface ProbeContext {
  transport: 'stdio' | 'http';
  session: RawSession;
  /** The endpoint (HTTP only). */
  url?: string;
  /** Everything the server wrote (stdio only). */
  transcript?: StdioTranscript;
}

export interface ProbeOutcome {
  ok: boolean;
  detail: string;
}

export interface RuleProbe {
  id: string;
  transports: readonly ('stdio' | 'http')[];
  run(context: ProbeContext): Promise<ProbeOutcome>;
}

const ok = (detail = 'as required'): ProbeOutcome => ({ ok: true, detail });
const broken = (detail: string): ProbeOutcome => ({ ok: false, detail });
const show = (response: JSONRPCResponse | undefined) => JSON.stringify(response).slice(0, 200);

function danglingRefs(schema: unknown, root: unknown = schema): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
      let target: unknown = root;
      for (const part of value.slice(2).split('/'))
        target = (target as Record<string, unknown> | undefined)?.[part];
      if (target === undefined) found.push(value);
    } else found.push(...danglingRefs(value, root));
  }
  return found;
}

async function mcpUrl(context: ProbeContext): Promise<string> {
  if (context.url === undefined) throw new Error('this probe needs an HTTP endpoint');
  return context.url;
}

export const RULE_PROBES: readonly RuleProbe[] = [
  {
    id: 'tools-call-unknown-tool',
    transports: ['stdio', 'http'],
    async run({ session }) {
      const response = await session.request('tools/call', { name: 'no_such_tool_for_probe', arguments: {} });
      if ('error' in response && response.error.code === -32602) return ok();
      if ('result' in response && response.result.isError === true) return ok('an isError result');
      return broken(`expected error -32602, got ${show(response)}`);
    },
  },
  {
    id: 'resources-read-unknown',
    transports: ['stdio', 'http'],
    async run({ session }) {
      const response = await session.request('resources/read', {
        uri: 'test://nonexistent-resource-for-conformance-testing',
      });
      if ('error' in response && [-32002, -32602].includes(response.error.code)) return ok();
      return broken(`expected a not-found error (-32002 or -32602), got ${show(response)}`);
    },
  },
  {
    id: 'tools-list-schema-preserved',
    transports: ['stdio', 'http'],
    async run({ session }) {
      const response = await session.request('tools/list', {});
      if (!('result' in response)) return broken(`tools/list failed: ${show(response)}`);
      const tools = response.result.tools as { name: string; inputSchema: unknown }[];
      for (const tool of tools) {
        const dangling = danglingRefs(tool.inputSchema);
        if (dangling.length > 0) return broken(`${tool.name}: $ref ${dangling.join(', ')} points nowhere`);
      }
      const known = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
      if (known !== undefined && JSON.stringify(known.inputSchema) !== JSON.stringify(PRESERVED_SCHEMA)) {
        return broken(
          `json_schema_2020_12_tool's inputSchema changed: ${JSON.stringify(known.inputSchema).slice(0, 200)}`,
        );
      }
      return ok();
    },
  },
  {
    id: 'http-origin-check',
    transports: ['http'],
    async run(context) {
      const { status } = await postJson(
        await mcpUrl(context),
        'initialize',
        { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
        { origin: 'http://evil.example.com' },
      );
      return status >= 400 && status < 500
        ? ok(`HTTP ${status}`)
        : broken(`a foreign Origin got HTTP ${status}; expected 4xx`);
    },
  },
  {
    id: 'result-type-2026',
    transports: ['http'],
    async run(context) {
      const { response } = await request2026(await mcpUrl(context), 'tools/list');
      if (response === undefined || !('result' in response))
        return broken(`tools/list failed: ${show(response)}`);
      return response.result.resultType === 'complete'
        ? ok()
        : broken(`resultType is ${JSON.stringify(response.result.resultType)}; expected "complete"`);
    },
  },
  {
    id: 'cache-hints-2026',
    transports: ['http'],
    async run(context) {
      const { response } = await request2026(await mcpUrl(context), 'tools/list');
      if (response === undefined || !('result' in response))
        return broken(`tools/list failed: ${show(response)}`);
      const { ttlMs, cacheScope } = response.result;
      const valid =
        Number.isInteger(ttlMs) &&
        (ttlMs as number) >= 0 &&
        (cacheScope === 'public' || cacheScope === 'private');
      return valid
        ? ok()
        : broken(`ttlMs ${JSON.stringify(ttlMs)}, cacheScope ${JSON.stringify(cacheScope)}`);
    },
  },
  {
    id: 'tasks-extension-surface',
    transports: ['http'],
    async run(context) {
      const url = await mcpUrl(context);
      const discover = (await request2026(url, 'server/discover')).response;
      const capabilities =
        discover && 'result' in discover ? (discover.result.capabilities as JSONObject) : {};
      const extensions = capabilities.extensions as JSONObject | undefined;
      if (extensions?.['io.modelcontextprotocol/tasks'] === undefined) return ok();
      const { response } = await request2026(url, 'tasks/get', { taskId: 'probe' });
      const code = response && 'error' in response ? response.error.code : undefined;
      return code === -32021
        ? ok()
        : broken(`tasks/get from a client without the extension: ${show(response)}; expected error -32021`);
    },
  },
  {
    id: 'mrtr-tampered-state',
    transports: ['http'],
    async run(context) {
      const url = await mcpUrl(context);
      const name = 'test_input_required_result_tampered_state';
      const first = await request2026(url, 'tools/call', { name, arguments: {} });
      const result =
        first.response && 'result' in first.response ? (first.response.result as JSONObject) : undefined;
      const state = result?.requestState;
      if (typeof state !== 'string' || result?.inputRequests === undefined) {
        return broken(`round 1 carried no inputRequests and requestState: ${show(first.response)}`);
      }
      const middle = Math.floor(state.length / 2);
      const tampered = `${state.slice(0, middle)}${state[middle] === 'A' ? 'B' : 'A'}${state.slice(middle + 1)}`;
      const second = await request2026(url, 'tools/call', {
        name,
        arguments: {},
        requestState: tampered,
        inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      });
      if (second.response && 'error' in second.response && second.response.error.code === -32602) return ok();
      return broken(`a tampered requestState got ${show(second.response)}; expected error -32602`);
    },
  },
  {
    id: 'stdio-framing',
    transports: ['stdio'],
    async run({ transcript }) {
      const multiline = transcript?.messages.find((entry) => entry.lines > 1);
      return multiline ? broken(`a message spanned ${multiline.lines} lines`) : ok();
    },
  },
  {
    id: 'stdio-stdout-clean',
    transports: ['stdio'],
    async run({ transcript }) {
      const noise = transcript?.noise[0];
      return noise === undefined
        ? ok()
        : broken(`stdout carried a non-JSON-RPC line: ${noise.slice(0, 120)}`);
    },
  },
];
