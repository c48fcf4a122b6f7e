// Runs a README block that is a whole program, the way its reader would, and checks it does what
// such a program must: a stdio server answers our client, an HTTP server prints its URL and answers
// there, anything else runs to completion with exit code 0.
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { transformSync } from 'esbuild';
import { expect } from 'vitest';
import { exitOf, run, startHttpServer } from '../processes.js';
import type { CodeBlock } from './extract.js';
import type { WrittenBlock } from './workspace.js';

export type RunMode = 'stdio-server' | 'http-server' | 'script';

/** How a block is run, or undefined for fragments and `no-run` blocks. */
export function runModeOf(block: CodeBlock): RunMode | undefined {
  if (block.fragment || block.noRun) return undefined;
  if (/new StdioServerTransport\(/.test(block.code)) return 'stdio-server';
  if (/\bserve\(|\.listen\(/.test(block.code)) return 'http-server';
  return 'script';
}

/** Compiles every whole block of the block's Markdown file to .js beside its .ts; returns this one's. */
function compile(block: CodeBlock, written: WrittenBlock[]): string {
  let own = '';
  for (const entry of written) {
    if (entry.block.file !== block.file || entry.block.fragment) continue;
    if (entry.block.language === 'js') {
      if (entry.block === block) own = entry.path; // runs as written
      continue;
    }
    const js = entry.path.replace(/\.m?ts$/, (ext) => (ext === '.mts' ? '.mjs' : '.js'));
    writeFileSync(
      js,
      transformSync(entry.block.code, { loader: 'ts', format: 'esm', target: 'node20' }).code,
    );
    if (entry.block === block) own = js;
  }
  return own;
}

const clientInfo = { name: 'readme-check', version: '1.0.0' };

export async function runBlock(block: CodeBlock, written: WrittenBlock[]): Promise<void> {
  const script = compile(block, written);
  const cwd = dirname(script);
  const mode = runModeOf(block);
  if (mode === 'stdio-server') {
    const client = new McpClient(clientInfo);
    try {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], cwd }));
      expect(client.serverInfo?.name).toEqual(expect.any(String));
      if (client.serverCapabilities?.tools) expect(Array.isArray(await client.listAllTools())).toBe(true);
    } finally {
      await client.close();
    }
  } else if (mode === 'http-server') {
    const server = await startHttpServer([script], { cwd });
    const answer = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    if (answer.status === 401) {
      // A protected server: it must say where its authorization server is.
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata=/);
    } else {
      const client = new McpClient(clientInfo);
      try {
        await client.connect(new StreamableHttpClientTransport(server.url));
        expect(client.serverInfo?.name).toEqual(expect.any(String));
      } finally {
        await client.close();
      }
    }
    server.child.kill('SIGTERM');
    await exitOf(server);
  } else {
    const { code, output } = await run([script], { cwd, timeoutMs: 30_000 });
    expect(code, `${block.file}:${block.line} exited with ${code}:\n${output}`).toBe(0);
  }
}
