import {
  bigResultText,
  fieldJsonSchema,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  SERVER_INFO,
  WIDE_TOOL_COUNT,
  wideToolDescription,
  wideToolFields,
  wideToolName,
} from './fixtures.js';

// The raw baseline: what answering MCP costs with nothing but JSON.parse/JSON.stringify and a switch.

type Json = Record<string, any>;
export type Emit = (message: Json) => void;

const basicTools = [
  {
    name: 'echo',
    description: 'Echo the text back',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  { name: 'big', description: 'Return 1 MiB of text', inputSchema: { type: 'object', properties: {} } },
  {
    name: 'progress',
    description: 'Send progress notifications',
    inputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  },
];

/** The wide tool list, rebuilt per call on purpose: a per-request raw server keeps nothing either. */
function wideTools(): Json[] {
  const tools: Json[] = [];
  for (let t = 0; t < WIDE_TOOL_COUNT; t++) {
    const properties: Json = {};
    const required: string[] = [];
    for (const field of wideToolFields(t)) {
      properties[field.name] = fieldJsonSchema(field);
      if (!field.optional) required.push(field.name);
    }
    tools.push({
      name: wideToolName(t),
      description: wideToolDescription(t),
      inputSchema: { type: 'object', properties, required },
    });
  }
  return tools;
}

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const SERVER_INFO_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };

/** Set while answering a 2026-07-28 request: its results carry `resultType` and `serverInfo`. */
let modern = false;

function result(id: unknown, value: Json): Json {
  return {
    jsonrpc: '2.0',
    id,
    result: modern ? { resultType: 'complete', ...value, _meta: SERVER_INFO_META } : value,
  };
}

/**
 * Handles one message; requests get a response, notifications get undefined. A request whose
 * `_meta` names 2026-07-28 is answered the stateless way; anything else the 2025 way.
 */
export function handleRawMessage(message: Json, emit: Emit, toolSet: 'basic' | 'wide'): Json | undefined {
  if (message.id === undefined) return undefined;
  modern = message.params?._meta?.[PROTOCOL_VERSION_KEY] === MODERN_PROTOCOL_VERSION;
  switch (message.method) {
    case 'server/discover':
      return result(message.id, {
        supportedVersions: [MODERN_PROTOCOL_VERSION],
        capabilities: { tools: {} },
      });
    case 'initialize':
      return result(message.id, {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: { tools: {} },
        serverInfo: SERVER_INFO,
      });
    case 'ping':
      return result(message.id, {});
    case 'tools/list':
      return result(message.id, { tools: toolSet === 'wide' ? wideTools() : basicTools });
    case 'tools/call':
      return callTool(message, emit);
    default:
      return {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      };
  }
}

function callTool(message: Json, emit: Emit): Json {
  const name = message.params?.name;
  const args = message.params?.arguments ?? {};
  if (name === 'echo') return result(message.id, { content: [{ type: 'text', text: String(args.text) }] });
  if (name === 'big') return result(message.id, { content: [{ type: 'text', text: bigResultText() }] });
  if (name === 'progress') {
    const token = message.params?._meta?.progressToken;
    const count = Number(args.count);
    for (let i = 1; i <= count; i++) {
      if (token !== undefined) {
        emit({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: i, total: count },
        });
      }
    }
    return result(message.id, { content: [{ type: 'text', text: `sent ${count}` }] });
  }
  return { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: `Unknown tool: ${name}` } };
}
