// The mechanical part of moving a program from the official SDK v1 (`@modelcontextprotocol/sdk`) to
// mcpkit, as plain text transforms (no parser: what it cannot do surely, it marks with a TODO):
//
//   node examples/dist/migration/migrate.js <files…>    (rewrites the files in place)
//
// It changes: imports of McpServer, StdioServerTransport, Client, StdioClientTransport and
// StreamableHTTPClientTransport to their mcpkit packages (keeping the local names, so the rest of the
// file still compiles: `import { McpClient as Client } from '@mcpkit/client'`); `.registerTool(` to
// `.tool(` and `.registerPrompt(` to `.prompt(` with `argsSchema:` to `arguments:` (same arguments and
// results). Everything else it leaves as it is under a `// TODO(mcpkit):` line saying what to write
// instead: other SDK imports, `registerResource`, `server.server.createMessage`/`elicitInput`,
// `sendNotification`, `authInfo`, client `setRequestHandler`, a StreamableHTTPClientTransport given
// options, and tools without `inputSchema` (v1 passes `extra` first).
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** SDK import → [mcpkit package, mcpkit name], for every import that moves as it is. */
const MOVES: Record<string, Record<string, [string, string]>> = {
  '@modelcontextprotocol/sdk/server/mcp.js': { McpServer: ['@mcpkit/server', 'McpServer'] },
  '@modelcontextprotocol/sdk/server/stdio.js': {
    StdioServerTransport: ['@mcpkit/transport-stdio', 'StdioServerTransport'],
  },
  '@modelcontextprotocol/sdk/client/index.js': { Client: ['@mcpkit/client', 'McpClient'] },
  '@modelcontextprotocol/sdk/client/stdio.js': {
    StdioClientTransport: ['@mcpkit/transport-stdio', 'StdioClientTransport'],
  },
  '@modelcontextprotocol/sdk/client/streamableHttp.js': {
    StreamableHTTPClientTransport: ['@mcpkit/transport-http-client', 'StreamableHttpClientTransport'],
  },
};

/** What to write instead of an SDK name that does not move mechanically. */
const IMPORT_HINTS: Record<string, string> = {
  ResourceTemplate:
    'register templates with server.resourceTemplate(uriTemplate, { name, list, complete }, read)',
  completable: "completers go in the prompt's config: complete: { argument: (value) => [...] }",
  StreamableHTTPServerTransport:
    'createStreamableHttpHandler from @mcpkit/transport-http-server keeps the sessions; serve() from @mcpkit/transport-http-server/node',
  McpError: 'throw JsonRpcError from @mcpkit/jsonrpc (JsonRpcError.invalidParams(...), ...)',
  ErrorCode: 'ErrorCode from @mcpkit/protocol',
};

/** Statements that need a person, by what they contain. */
const STATEMENT_HINTS: [RegExp, string][] = [
  [
    /\.registerResource\(/,
    'server.resource(uri, { name, ...config }, read) or server.resourceTemplate(template, { name, ...config }, read): the URI comes first, the name goes into the config, read gets the URI as a string',
  ],
  [/\.createMessage\(/, 'ask the client model from the handler context: await ctx.sample(params)'],
  [/\.elicitInput\(/, 'ask the user from the handler context: await ctx.elicit(message, schema)'],
  [
    /\.sendNotification\(/,
    'progress is ctx.progress(progress, total, message); logging is ctx.log.info(data)',
  ],
  [/\bauthInfo\b/, 'the caller’s token is ctx.auth (clientId, scopes, subject)'],
  [
    /\.setRequestHandler\(/,
    'an McpClient answers the server through its options: new McpClient(info, { sampling, elicitation, roots })',
  ],
  [
    /new StreamableHTTPClientTransport\(.*,/,
    'its options differ: requestInit.headers → headers, authProvider → auth (an OAuthClientProvider of @mcpkit/auth-client)',
  ],
];

export interface MigrationResult {
  code: string;
  /** One line per mechanical change made. */
  changes: string[];
  /** One line per TODO comment written. */
  todos: string[];
}

const TODO = '// TODO(mcpkit):';
const IMPORT =
  /^import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](@modelcontextprotocol\/sdk\/[^'"]+)['"];?[ \t]*$/gm;

/** Rewrites one source text; running it again on its own output changes nothing. */
export function migrateSource(source: string): MigrationResult {
  const changes: string[] = [];
  const todos: string[] = [];
  let code = source.replace(
    IMPORT,
    (statement, typeOnly: string | undefined, list: string, from: string, at: number) => {
      // Already marked on an earlier run: it stays as it is.
      if (
        source
          .slice(source.lastIndexOf('\n', at - 2) + 1, at)
          .trimStart()
          .startsWith(TODO)
      )
        return statement;
      const moved = new Map<string, string[]>();
      const kept: string[] = [];
      for (const entry of list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const [imported = '', local = imported] = entry.replace(/^type\s+/, '').split(/\s+as\s+/);
        const target = MOVES[from]?.[imported];
        if (target === undefined) {
          kept.push(entry);
          continue;
        }
        const [pkg, name] = target;
        moved.set(pkg, [...(moved.get(pkg) ?? []), name === local ? name : `${name} as ${local}`]);
        changes.push(`${from} ${imported} → ${pkg} ${name}`);
      }
      const lines = [...moved].map(
        ([pkg, names]) => `import ${typeOnly ?? ''}{ ${names.join(', ')} } from '${pkg}';`,
      );
      if (kept.length > 0) {
        const hints = kept.map((entry) => {
          const name = entry.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? entry;
          return `${name}: ${IMPORT_HINTS[name] ?? 'no mechanical equivalent, see docs/migration.md'}`;
        });
        todos.push(...hints.map((hint) => `${from} ${hint}`));
        lines.push(`${TODO} ${hints.join('; ')}`);
        lines.push(`import ${typeOnly ?? ''}{ ${kept.join(', ')} } from '${from}';`);
      }
      return lines.join('\n');
    },
  );
  if (code.includes('.registerTool(')) {
    code = markToolsWithoutInputSchema(code, todos);
    code = code.replaceAll('.registerTool(', '.tool(');
    changes.push('.registerTool( → .tool(');
  }
  if (code.includes('.registerPrompt(')) {
    code = code.replaceAll('.registerPrompt(', '.prompt(').replace(/\bargsSchema(\s*):/g, 'arguments$1:');
    changes.push('.registerPrompt( → .prompt(, argsSchema: → arguments:');
  }
  code = markStatements(code, todos);
  return { code, changes, todos };
}

/** Writes a TODO line above each line matching a STATEMENT_HINTS pattern (once per line). */
function markStatements(code: string, todos: string[]): string {
  const lines = code.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const hints = STATEMENT_HINTS.filter(([pattern]) => pattern.test(line)).map(([, hint]) => hint);
    const previous = out.at(-1) ?? '';
    if (hints.length > 0 && !previous.trimStart().startsWith(TODO)) {
      out.push(`${/^\s*/.exec(line)?.[0] ?? ''}${TODO} ${hints.join('; ')}`);
      todos.push(...hints);
    }
    out.push(line);
  }
  return out.join('\n');
}

/** v1 calls a tool handler without inputSchema with `extra` first; mcpkit with `(args, ctx)`. */
function markToolsWithoutInputSchema(code: string, todos: string[]): string {
  const hint =
    'this tool has no inputSchema: v1 passed extra first, mcpkit passes (args, ctx); add inputSchema: {} or take (_args, ctx)';
  let out = '';
  let from = 0;
  for (let at = code.indexOf('.registerTool(', from); at >= 0; at = code.indexOf('.registerTool(', from)) {
    const call = code.slice(at, closingParen(code, at + '.registerTool'.length));
    const lineStart = code.lastIndexOf('\n', at) + 1;
    out += code.slice(from, lineStart);
    if (!call.includes('inputSchema')) {
      out += `${/^\s*/.exec(code.slice(lineStart))?.[0] ?? ''}${TODO} ${hint}\n`;
      todos.push(hint);
    }
    from = lineStart;
    out += code.slice(from, at + 1);
    from = at + 1;
  }
  return out + code.slice(from);
}

/** The index after the parenthesis closing the one at `open` (strings and comments are not parsed). */
function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    if (code[index] === '(') depth++;
    else if (code[index] === ')' && --depth === 0) return index + 1;
  }
  return code.length;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    process.stderr.write(
      'usage: node examples/dist/migration/migrate.js <files…> (rewrites them in place)\n',
    );
    process.exitCode = 2;
  }
  for (const file of files) {
    const { code, changes, todos } = migrateSource(readFileSync(file, 'utf8'));
    writeFileSync(file, code);
    process.stderr.write(`${file}: ${changes.length} changes, ${todos.length} TODOs\n`);
  }
}
