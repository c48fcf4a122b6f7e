// The browser test's pieces: the page bundled with esbuild and served by a small static server on
// one origin, our Node MCP server with CORS on another (a different port is another origin), and
// Debian's Chromium (apt `chromium`) driven headless by playwright-core.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { build } from 'esbuild';
import { createRuntimeServer } from '../fixtures/runtime-server.js';

/** Debian's Chromium; MCPKIT_CHROMIUM names another binary. */
export function chromiumPath(): string {
  const path = process.env.MCPKIT_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: install Debian's package (\`apt-get install chromium\`, as .ci/run does) ` +
        'or set MCPKIT_CHROMIUM to a Chromium binary',
    );
  }
  return path;
}

const PAGE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>mcpkit in the browser</title></head>
<body data-testid="page">
  <h1>mcpkit client in the browser</h1>
  <dl>
    <dt>client runtime</dt><dd id="client-runtime"></dd>
    <dt>protocol version</dt><dd id="protocol-version"></dd>
    <dt>tools</dt><dd id="tools"></dd>
    <dt>echo</dt><dd id="echo"></dd>
    <dt>server runtime</dt><dd id="server-runtime"></dd>
    <dt>count</dt><dd id="count"></dd>
    <dt>error</dt><dd id="error"></dd>
  </dl>
  <script type="module" src="/page.js"></script>
</body>
</html>
`;

/** Bundles the page script next to its HTML in a fresh folder and serves both on 127.0.0.1. */
export async function servePage(entry: string): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-browser-'));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'page.js'),
    logLevel: 'silent',
  });
  writeFileSync(join(dir, 'index.html'), PAGE_HTML);
  const files: Record<string, [string, string]> = {
    '/': ['index.html', 'text/html; charset=utf-8'],
    '/page.js': ['page.js', 'text/javascript; charset=utf-8'],
  };
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://page').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file[1] }).end(readFileSync(join(dir, file[0])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Our MCP server on Node, with CORS answers for `pageOrigin` (the only origin allowed besides local ones). */
export async function serveMcpWithCors(pageOrigin: string): Promise<{ url: URL; close(): Promise<void> }> {
  const server = createRuntimeServer();
  const handler = createStreamableHttpHandler({
    cors: true,
    allowedOrigins: [pageOrigin],
    onSession: async (transport) => {
      await server.connect(transport);
    },
  });
  const served = await serve(handler, { port: 0, host: '127.0.0.1' });
  return { url: new URL('/mcp', served.url), close: served.close };
}
