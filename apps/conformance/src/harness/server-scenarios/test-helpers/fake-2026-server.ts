import { createServer, type IncomingMessage, type Server } from 'node:http';

// A hand-written 2026-07-28 Streamable HTTP server for the tests of the 2026 rule checks: it
// follows each rule, or breaks the ones named in `broken`, so the checks are tested against
// known behaviour rather than against whatever mcpkit's own server does today.

export type BreakableRule =
  | 'output-schema'
  | 'mcp-name-base64'
  | 'mcp-param-numeric'
  | 'state-unbound'
  | 'deep-input'
  | 'empty-input-required';

type Json = Record<string, unknown>;

const TOOLS = [
  {
    name: 'list_tags',
    description: 'Returns tags as a JSON array.',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: { type: 'array', items: { type: 'string' } },
  },
  {
    name: 'scale',
    description: 'Scales by an integer factor mirrored into Mcp-Param-Factor.',
    inputSchema: { type: 'object', properties: { factor: { type: 'integer', 'x-mcp-header': 'Factor' } } },
  },
  {
    name: 'confirm_delete',
    description: 'Asks for a confirmation (MRTR) before deleting a file.',
    inputSchema: { type: 'object', properties: { filename: { type: 'string' } }, required: ['filename'] },
  },
  {
    name: 'tree',
    description: 'Takes a recursive tree.',
    inputSchema: {
      type: 'object',
      $defs: { node: { anyOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/node' } }] } },
      properties: { root: { $ref: '#/$defs/node' } },
    },
  },
];
const RESOURCE = { uri: 'test://café/menü', name: 'menü', mimeType: 'text/plain' };

/** Nesting depth of a JSON value, measured without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    deepest = Math.max(deepest, depth);
    if (item !== null && typeof item === 'object')
      for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function decodeHeader(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  return match ? Buffer.from(match[1] ?? '', 'base64').toString('utf8') : value;
}

const complete = (result: Json) => ({ resultType: 'complete', ...result });

export async function startFake2026Server(broken: ReadonlySet<BreakableRule> = new Set()) {
  const answer = (
    request: IncomingMessage,
    method: string,
    params: Json,
  ): { status?: number; result?: Json; error?: Json } => {
    const header = (name: string) => request.headers[name] as string | undefined;
    const mismatch = (what: string) => ({
      status: 400,
      error: { code: -32020, message: `Header mismatch: ${what}` },
    });
    switch (method) {
      case 'server/discover':
        return {
          result: complete({ supportedVersions: ['2026-07-28'], capabilities: { tools: {}, resources: {} } }),
        };
      case 'tools/list':
        return { result: complete({ tools: TOOLS, ttlMs: 0, cacheScope: 'private' }) };
      case 'resources/list':
        return { result: complete({ resources: [RESOURCE], ttlMs: 0, cacheScope: 'private' }) };
      case 'resources/read': {
        const name = header('mcp-name') ?? '';
        const seen = broken.has('mcp-name-base64') ? name : decodeHeader(name);
        if (seen !== params.uri) return mismatch(`Mcp-Name ${name} vs ${String(params.uri)}`);
        return {
          result: complete({
            contents: [{ uri: RESOURCE.uri, text: 'soup' }],
            ttlMs: 0,
            cacheScope: 'private',
          }),
        };
      }
      case 'tools/call':
        return callTool(String(params.name), (params.arguments ?? {}) as Json, params, header, mismatch);
      default:
        return { status: 404, error: { code: -32601, message: `Method not found: ${method}` } };
    }
  };

  const callTool = (
    name: string,
    args: Json,
    params: Json,
    header: (name: string) => string | undefined,
    mismatch: (what: string) => { status: number; error: Json },
  ): { status?: number; result?: Json; error?: Json } => {
    const text = (value: string) => complete({ content: [{ type: 'text', text: value }] });
    if (name === 'list_tags')
      return {
        result: complete({
          content: [],
          structuredContent: broken.has('output-schema') ? { tags: ['a'] } : ['a', 'b'],
        }),
      };
    if (name === 'scale') {
      const sent = header('mcp-param-factor');
      const same = broken.has('mcp-param-numeric')
        ? sent === String(args.factor)
        : Number(sent) === args.factor;
      return sent !== undefined && !same
        ? mismatch(`Mcp-Param-Factor ${sent} vs ${String(args.factor)}`)
        : { result: text('scaled') };
    }
    if (name === 'confirm_delete') {
      const state = Buffer.from(JSON.stringify(args)).toString('base64');
      if (typeof params.requestState !== 'string' && broken.has('empty-input-required'))
        return { result: { resultType: 'input_required' } };
      if (typeof params.requestState !== 'string')
        return {
          result: {
            resultType: 'input_required',
            inputRequests: {
              confirm: {
                method: 'elicitation/create',
                params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
              },
            },
            requestState: state,
          },
        };
      if (!broken.has('state-unbound') && params.requestState !== state)
        return { error: { code: -32602, message: 'requestState was issued for other arguments' } };
      return { result: text(`deleted ${String(args.filename)}`) };
    }
    if (name === 'tree') {
      if (depthOf(args.root) > 64)
        return broken.has('deep-input')
          ? { error: { code: -32603, message: 'Internal error: Maximum call stack size exceeded' } }
          : { error: { code: -32602, message: 'Invalid params: root is nested deeper than 64 levels' } };
      return { result: text('tree ok') };
    }
    return { error: { code: -32602, message: `Unknown tool: ${name}` } };
  };

  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: Json };
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      const { status = 200, result, error } = answer(request, message.method, message.params ?? {});
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          result ? { jsonrpc: '2.0', id: message.id, result } : { jsonrpc: '2.0', id: message.id, error },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
