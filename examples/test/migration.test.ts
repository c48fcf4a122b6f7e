// docs/migration.md proven by behaviour: for each feature area, the "before" program of
// src/migration/before/ (official SDK v1) and the "after" program of src/migration/after/ (mcpkit)
// run as real processes, meet the same client script (test/migration/client-script.ts) and must
// leave the same record: tool lists, results, notifications, the requests the server sent the client.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateSource } from '../src/migration/migrate.js';
import { type Area, connectClient, observe, observeOAuth } from './migration/client-script.js';
import { freePort, run, start, startHttpServer, stopAll, waitForOutput } from './processes.js';

const program = (side: 'before' | 'after', area: string) =>
  fileURLToPath(new URL(`../dist/migration/${side}/${area}.js`, import.meta.url));
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await stopAll();
});

/** Runs the program at `path` (a pair's side by default) against the area's client script. */
async function record(side: 'before' | 'after', area: Area, path = program(side, area)): Promise<unknown> {
  const seen: unknown[] = [];
  if (area === 'http') {
    const { url } = await startHttpServer([path]);
    const client = await connectClient(new StreamableHTTPClientTransport(url), seen);
    closers.push(() => client.close());
    return observe(area, client, seen);
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path],
    stderr: 'pipe',
  });
  const client = await connectClient(transport, seen);
  closers.push(() => client.close());
  return observe(area, client, seen);
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** What both records must also show, so that agreeing can never mean "both saw nothing". */
const expected: Record<Area, Record<string, unknown>> = {
  tools: {
    forecast: { structuredContent: { city: 'Oslo', temperatures: [20, 21] } },
    alerts: { ...text('No alerts service for Oslo'), isError: true },
    badArguments: true,
  },
  resources: {
    resources: [{ uri: 'config://app' }, { uri: 'users://1/profile' }, { uri: 'users://2/profile' }],
    user: { contents: [{ uri: 'users://2/profile', mimeType: 'text/plain', text: 'Profile of Grace' }] },
  },
  prompts: {
    withFocus: {
      messages: [{ role: 'user', content: { type: 'text', text: 'Review this code for naming:\nx = 1' } }],
    },
  },
  completion: {
    capabilities: ['completions', 'prompts', 'resources'],
    owner: { completion: { values: ['acme', 'apex'] } },
    repo: { completion: { values: ['anvil', 'rocket'] } },
    language: { completion: { values: ['typescript'] } },
  },
  sampling: {
    result: text('Summary by test-model: It is short.'),
    fromServer: [{ method: 'sampling/createMessage', params: { maxTokens: 100 } }],
  },
  elicitation: {
    accepted: text('Booked for 4 on the terrace'),
    declined: text('Not booked'),
    fromServer: [{ method: 'elicitation/create' }, { method: 'elicitation/create' }],
  },
  progress: {
    result: text('3 files imported'),
    withoutToken: text('1 files imported'),
    fromServer: [1, 2, 3].map((progress) => ({
      method: 'notifications/progress',
      params: { progress, total: 3, message: `imported ${['a', 'b', 'c'][progress - 1]}.csv` },
    })),
  },
  http: { echo: text('over HTTP') },
};

describe('migration pairs: the official SDK v1 program and its mcpkit version behave the same', () => {
  const areas: Area[] = [
    'tools',
    'resources',
    'prompts',
    'completion',
    'sampling',
    'elicitation',
    'progress',
    'http',
  ];
  it.each(areas)('%s', async (area) => {
    const before = await record('before', area);
    const after = await record('after', area);
    expect(before).toMatchObject(expected[area]);
    expect(after).toEqual(before);
  });

  it('oauth (a resource server trusting the demo authorization server of examples/src)', async () => {
    const authorizationServer = start(
      [fileURLToPath(new URL('../dist/auth-demo-authorization-server.js', import.meta.url))],
      {
        env: { PORT: '0' },
      },
    );
    const [, issuer] = await waitForOutput(
      authorizationServer,
      /Authorization server: (http:\/\/127\.0\.0\.1:\d+)/,
    );
    const records = [];
    for (const side of ['before', 'after'] as const) {
      const { url } = await startHttpServer([program(side, 'oauth')], {
        env: { AUTH_SERVER: issuer!, PORT: String(await freePort()) },
      });
      records.push(await observeOAuth(url, issuer!));
    }
    const [before, after] = records;
    expect(before).toMatchObject({
      withoutToken: {
        status: 401,
        scheme: 'Bearer',
        resource_metadata: expect.stringContaining('/.well-known/oauth-protected-resource/mcp'),
      },
      otherAudience: { status: 401, error: 'invalid_token' },
      withoutScope: { status: 403, error: 'insufficient_scope' },
      metadata: { authorization_servers: [issuer] },
      whoami: text('client demo-client with scopes mcp'),
    });
    // The two servers listen on different ports: compare with the port made the same.
    const samePort = (record: unknown) =>
      JSON.parse(
        JSON.stringify(record)
          .replace(/127\.0\.0\.1:\d+\/mcp/g, '127.0.0.1:PORT/mcp')
          .replace(/127\.0\.0\.1:\d+\/\.well-known/g, '127.0.0.1:PORT/.well-known'),
      );
    expect(samePort(after)).toEqual(samePort(before));
  });
});

const source = (area: string) =>
  readFileSync(fileURLToPath(new URL(`../src/migration/before/${area}.ts`, import.meta.url)), 'utf8');

describe('the codemod (src/migration/migrate.ts) on the "before" programs', () => {
  const all = [
    'tools',
    'resources',
    'prompts',
    'completion',
    'sampling',
    'elicitation',
    'progress',
    'http',
    'oauth',
  ];

  it.each(all)('%s: every SDK import left is under a TODO line, and a second run changes nothing', (area) => {
    const { code } = migrateSource(source(area));
    const lines = code.split('\n');
    const left = lines.flatMap((line, index) =>
      line.includes("from '@modelcontextprotocol/sdk") && !lines[index - 1]?.startsWith('// TODO(mcpkit):')
        ? [line]
        : [],
    );
    expect(left).toEqual([]);
    expect(code).not.toMatch(/import \{[^}]*\bMcpServer\b[^}]*\} from '@modelcontextprotocol/);
    expect(migrateSource(code).code).toBe(code);
  });

  it('says what to write instead where the change is not mechanical', () => {
    const todos = (area: string) => migrateSource(source(area)).todos.join('\n');
    expect(todos('sampling')).toContain('ctx.sample(params)');
    expect(todos('elicitation')).toContain('ctx.elicit(message, schema)');
    expect(todos('progress')).toContain('ctx.progress(progress, total, message)');
    expect(todos('resources')).toContain('server.resourceTemplate(uriTemplate');
    expect(todos('completion')).toContain('complete: { argument: (value) => [...] }');
    expect(todos('http')).toContain('createStreamableHttpHandler');
    expect(todos('oauth')).toContain('ctx.auth');
    expect(todos('oauth')).toContain('this tool has no inputSchema');
  });

  it('moves client imports under their old local names, and marks what differs on clients', () => {
    const { code, todos } = migrateSource(
      [
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
        "import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';",
        "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
        "import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
        '',
        "const client = new Client({ name: 'app', version: '1.0.0' });",
        'client.setRequestHandler(CreateMessageRequestSchema, async () => answer);',
        "const http = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3000/mcp'), { requestInit: {} });",
        '',
      ].join('\n'),
    );
    expect(code.split('\n').slice(0, 5)).toEqual([
      "import { McpClient as Client } from '@mcpkit/client';",
      "import { StdioClientTransport } from '@mcpkit/transport-stdio';",
      "import { StreamableHttpClientTransport as StreamableHTTPClientTransport } from '@mcpkit/transport-http-client';",
      '// TODO(mcpkit): CreateMessageRequestSchema: no mechanical equivalent, see docs/migration.md',
      "import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
    ]);
    expect(todos.join('\n')).toContain('new McpClient(info, { sampling, elicitation, roots })');
    expect(todos.join('\n')).toContain('requestInit.headers → headers');
  });

  it('as a command, rewrites the files it is given in place and says what it did', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpkit-migrate-'));
    try {
      const file = join(folder, 'server.ts');
      writeFileSync(file, source('sampling'));
      const migrate = fileURLToPath(new URL('../dist/migration/migrate.js', import.meta.url));
      const { code, output } = await run([migrate, file]);
      expect(output).toBe(`${file}: 3 changes, 1 TODOs\n`);
      expect(code).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(migrateSource(source('sampling')).code);
      const usage = await run([migrate]);
      expect(usage.output).toMatch(/^usage: node examples\/dist\/migration\/migrate\.js <files…>/);
      expect(usage.code).toBe(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('migrates tools and prompts completely: the output type-checks and behaves as the original', async () => {
    const folder = fileURLToPath(new URL('../dist/migration/migrated/', import.meta.url));
    mkdirSync(folder, { recursive: true });
    const files: string[] = [];
    for (const area of ['tools', 'prompts'] as const) {
      const { code, todos } = migrateSource(source(area));
      expect(todos).toEqual([]);
      expect(code).not.toContain('@modelcontextprotocol');
      writeFileSync(`${folder}${area}.ts`, code);
      writeFileSync(
        `${folder}${area}.js`,
        ts.transpileModule(code, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        }).outputText,
      );
      files.push(`${folder}${area}.ts`);
    }
    const checked = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
    });
    const problems = ts
      .getPreEmitDiagnostics(checked)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    for (const area of ['tools', 'prompts'] as const) {
      expect(await record('after', area, `${folder}${area}.js`)).toEqual(await record('before', area));
    }
  });
});

describe('docs/migration.md', () => {
  const guide = readFileSync(fileURLToPath(new URL('../../docs/migration.md', import.meta.url)), 'utf8');
  const areas = [
    'tools',
    'resources',
    'prompts',
    'completion',
    'sampling',
    'elicitation',
    'progress',
    'http',
    'oauth',
  ];

  it.each(areas)('shows the %s pair exactly as the programs CI runs, before then after', (area) => {
    const shown = (side: 'before' | 'after') => {
      const code = readFileSync(
        fileURLToPath(new URL(`../src/migration/${side}/${area}.ts`, import.meta.url)),
        'utf8',
      );
      const at = guide.indexOf(`\`\`\`ts no-run\n${code}\`\`\`\n`);
      expect(at, `docs/migration.md has no block equal to src/migration/${side}/${area}.ts`).toBeGreaterThan(
        0,
      );
      return at;
    };
    expect(shown('before')).toBeLessThan(shown('after'));
  });
});
