import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, renderReportHtml } from '../report/index.js';
import type { MatrixCell } from '../types.js';
import { chooseTool, formatStepLine, parseStepLines, sampleArguments } from './interop-script.js';
import { matrixDriverCommand, matrixPeerPath } from './peers-and-drivers.js';
import { cellFrom, type MatrixServer, runMatrix } from './run-matrix.js';

// The interop matrix CI runs: our echo server (stdio and HTTP), server-everything, server-memory
// and servers on the official SDK v2, v1 and tmcp, against clients on mcpkit and the official
// SDK v2 and v1. 21 cells, two at a time. The HTML report lands in apps/conformance/reports/.

const appDir = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(join(appDir, 'package.json'));
const node = process.execPath;

function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (Object.values(manifest.bin)[0] ?? '');
  return join(dirname(manifestPath), bin);
}

const echoBin = join(appDir, '../echo-server/dist/bin.js');

const SERVERS: MatrixServer[] = [
  { name: 'mcpkit echo (stdio)', command: [node, echoBin, '--stdio', '--quiet'] },
  { name: 'mcpkit echo (HTTP)', httpCommand: [node, echoBin, '--http', '--port', '0'] },
  {
    name: 'server-everything (stdio)',
    command: [node, binOf('@modelcontextprotocol/server-everything'), 'stdio'],
  },
  { name: 'server-memory (stdio)', command: [node, binOf('@modelcontextprotocol/server-memory')] },
  { name: 'official SDK v2 (stdio)', command: [node, matrixPeerPath('official-v2-server')] },
  { name: 'official SDK v1 (stdio)', command: [node, matrixPeerPath('official-v1-server')] },
  { name: 'tmcp (stdio)', command: [node, matrixPeerPath('tmcp-server')] },
];

const CLIENTS = [
  { name: 'mcpkit', command: matrixDriverCommand('mcpkit') },
  { name: 'official SDK v2', command: matrixDriverCommand('official-v2') },
  { name: 'official SDK v1', command: matrixDriverCommand('official-v1') },
];

describe('interop matrix', () => {
  it('every client completes the interop script against every server, and the HTML report is written', async () => {
    const startedAt = new Date();
    const cells = await runMatrix({ servers: SERVERS, clients: CLIENTS, timeoutMs: 45_000 });
    const report = buildReport('matrix', startedAt, [], cells);
    const reportDir = join(appDir, 'reports');
    mkdirSync(reportDir, { recursive: true });
    const html = renderReportHtml(report, 'mcpkit-conformance interop matrix');
    writeFileSync(join(reportDir, 'matrix.html'), html);
    writeFileSync(join(reportDir, 'matrix.json'), `${JSON.stringify(report, null, 2)}\n`);

    expect(cells).toHaveLength(SERVERS.length * CLIENTS.length);
    const failing = cells
      .filter((cell) => cell.verdict !== 'pass')
      .map((cell) => `${cell.server} × ${cell.client}: ${cell.detail}`);
    expect(failing).toEqual([]);
    // Every cell got through initialize, tools/list and a tool call; resources where the server has them.
    for (const cell of cells) expect(cell.passed).toBeGreaterThanOrEqual(3);
    const withResources = cells.filter((cell) => !cell.server.startsWith('mcpkit echo'));
    for (const cell of withResources) expect(cell.passed, `${cell.server} × ${cell.client}`).toBe(4);
    expect(html).toContain('<table class="matrix">');
    expect(html).toContain('server-memory (stdio)');
  }, 240_000);

  it('fails every cell of a server that does not start, naming why', async () => {
    const cells = await runMatrix({
      servers: [
        { name: 'dies at once', command: [node, '-e', 'process.exit(3)'] },
        { name: 'prints no URL', httpCommand: [node, '-e', 'process.exit(4)'] },
      ],
      clients: [CLIENTS[0] ?? { name: 'mcpkit', command: matrixDriverCommand('mcpkit') }],
      timeoutMs: 20_000,
    });
    expect(cells.map((cell) => cell.verdict)).toEqual(['fail', 'fail']);
    expect(cells[0]?.detail).toMatch(/^initialize: /);
    expect(cells[1]?.detail).toMatch(/server did not start: the HTTP server command exited with code 4/);
  }, 60_000);
});

describe('interop script pieces', () => {
  it('fills required arguments from their JSON Schema types and picks echo first', () => {
    expect(
      sampleArguments({
        type: 'object',
        properties: {
          s: { type: 'string' },
          n: { type: 'integer' },
          e: { enum: ['x', 'y'] },
          a: { type: 'array' },
        },
        required: ['s', 'n', 'e', 'a'],
      }),
    ).toEqual({ s: 'interop', n: 1, e: 'x', a: [] });
    const tools = [
      { name: 'needs', inputSchema: { required: ['x'] } },
      { name: 'free', inputSchema: {} },
    ];
    expect(chooseTool(tools)?.name).toBe('free');
    expect(chooseTool([...tools, { name: 'echo' }])?.name).toBe('echo');
  });

  it('counts unreported steps as failures and keeps the exit code in the detail', () => {
    const stdout = [
      'noise',
      formatStepLine({ step: 'initialize', verdict: 'pass' }),
      formatStepLine({ step: 'list-tools', verdict: 'fail', detail: 'boom' }),
    ].join('\n');
    const cell: MatrixCell = cellFrom('s', 'c', parseStepLines(stdout), {
      exitCode: 1,
      timedOut: false,
      timeoutMs: 1,
      stderr: '',
    });
    expect(cell).toMatchObject({ verdict: 'fail', passed: 1, failed: 3, notApplicable: 0 });
    expect(cell.detail).toBe(
      'list-tools: boom; call-tool: not reported; read-resource: not reported; client exit code 1',
    );
  });
});
