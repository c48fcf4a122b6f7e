// The MCP Apps example, started by one command (after `pnpm run build` at the repository root):
//
//   node packages/apps/example/serve.mjs
//
// It bundles the app (app.ts) and the host page (host-page.ts) with esbuild, then serves, on
// 127.0.0.1:
//   - the host page and the counter MCP server (Streamable HTTP at /mcp) on one origin (PORT,
//     default 3000);
//   - the sandbox proxy page on a second origin (SANDBOX_PORT, default PORT + 1), as SEP-1865
//     requires of web hosts: the app runs inside it, never on the host page's origin.
// and prints the URL to open. The browser tests start the same example (startExample) in-process.
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sandboxProxyHtml } from '@mcpkit/apps/host';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';
import { build } from 'esbuild';
import { createCounterServer } from './counter-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles one browser entry into a single ES module script. */
async function bundle(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The app's whole HTML document, its script inline (a UI resource is one HTML document). */
export async function appDocument(entry = join(here, 'app.ts')) {
  const script = (await bundle(entry)).replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Counter</title>
<style>
  body { font: 16px system-ui, sans-serif; margin: 0; padding: 16px; color: #1d2433; background: #fff }
  body.dark { color: #e8ecf3; background: #1d2433 }
  #count { font-size: 48px; font-weight: 700; margin: 8px 0 }
  button { font: inherit; padding: 6px 14px; margin-right: 8px; border-radius: 6px; border: 1px solid #8893a7; background: #eef2f8; cursor: pointer }
  #error { color: #b3261e; min-height: 1.2em }
</style>
</head>
<body>
<div>Counter app, served as <code>ui://counter/app.html</code></div>
<div id="count">…</div>
<button id="increment">+1</button>
<button id="forbidden">Reset (model only)</button>
<button id="say">Tell the chat</button>
<p id="error"></p>
<p id="status"></p>
<script type="module">${script}</script>
</body>
</html>
`;
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
  });
}

function close(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Starts the example: `port` for the host page and MCP endpoint, `sandboxPort` for the sandbox
 * proxy (0 picks free ports), `appEntry` / `hostEntry` to serve another app or host page script (the
 * browser tests swap in the ext-apps SDK's App and its AppBridge). Resolves with the host page URL
 * and a `close()`.
 */
export async function startExample({
  port = 3000,
  sandboxPort = port === 0 ? 0 : port + 1,
  appEntry,
  hostEntry = join(here, 'host-page.ts'),
} = {}) {
  const [hostScript, appHtml] = await Promise.all([bundle(hostEntry), appDocument(appEntry)]);
  const mcpServer = createCounterServer(appHtml);
  const mcp = toNodeHandler(
    createStreamableHttpHandler({ onSession: (transport) => mcpServer.connect(transport) }),
  );

  let sandboxOrigin = '';
  let hostOrigin = '';
  const hostServer = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path === '/mcp') return void mcp(request, response);
    if (path === '/host.js') {
      return void response
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
        .end(hostScript);
    }
    if (path !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(sandboxOrigin));
  });
  const sandboxServer = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    if (path !== '/sandbox.html') return void response.writeHead(404).end();
    // No Content-Security-Policy header here: the app's document would inherit it. The proxy gives
    // the app its own policy, built from the resource's _meta.ui.csp.
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(sandboxProxyHtml({ hostOrigins: [hostOrigin] }));
  });
  hostOrigin = await listen(hostServer, port);
  try {
    sandboxOrigin = await listen(sandboxServer, sandboxPort);
  } catch (error) {
    await close(hostServer);
    throw error;
  }
  return {
    url: `${hostOrigin}/`,
    sandboxUrl: `${sandboxOrigin}/sandbox.html`,
    close: async () => {
      await mcpServer.close();
      await Promise.all([close(hostServer), close(sandboxServer)]);
    },
  };
}

function hostPage(sandboxOrigin) {
  const config = JSON.stringify({ sandboxUrl: `${sandboxOrigin}/sandbox.html` }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>MCP Apps example host</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 24px; max-width: 760px; color: #1d2433 }
  #app { border: 1px solid #c6cdd9; border-radius: 10px; overflow: hidden; min-height: 40px }
  #log { font: 13px ui-monospace, monospace; white-space: pre-wrap; background: #f4f6fa; padding: 8px; border-radius: 6px }
  button { font: inherit; margin: 8px 8px 8px 0 }
</style>
</head>
<body>
<h1>MCP Apps example host</h1>
<p>Tools the model sees: <span id="model-tools"></span></p>
<p>Status: <strong id="status">starting</strong></p>
<div id="app"></div>
<button id="theme">Toggle dark theme</button>
<button id="ask-app">Ask the app for its count</button>
<button id="close">Close the app</button>
<h2>Host log</h2>
<div id="log"></div>
<script>window.EXAMPLE = ${config};</script>
<script type="module" src="/host.js"></script>
</body>
</html>
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 3000);
  const sandboxPort = process.env.SANDBOX_PORT === undefined ? undefined : Number(process.env.SANDBOX_PORT);
  const example = await startExample({ port, ...(sandboxPort === undefined ? {} : { sandboxPort }) });
  process.stdout.write(`MCP Apps example: open ${example.url} (sandbox proxy at ${example.sandboxUrl})\n`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void example.close());
}
