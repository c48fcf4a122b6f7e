// The example's host page: connects an McpClient to the counter server (same origin, /mcp),
// declares MCP Apps support, lists the tools the model would see (app-only ones left out), shows
// `show_counter`'s app through the sandbox proxy on the second origin, and runs the tool so the app
// gets its input and result. Everything the host sees goes to #log; #status says where it is.

import { toolVisibleTo, UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from '@mcpkit/apps';
import { mountApp } from '@mcpkit/apps/host';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';

declare global {
  interface Window {
    EXAMPLE: { sandboxUrl: string };
  }
}

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the host page has no #${id}`);
  return found;
};
const log = (line: string) => {
  element('log').textContent += `${line}\n`;
};
const status = (text: string) => {
  element('status').textContent = text;
  document.body.dataset.status = text;
};

async function main(): Promise<void> {
  const client = new McpClient(
    { name: 'mcp-apps-example-host', version: '1.0.0' },
    { capabilities: { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_RESOURCE_MIME_TYPE] } } } },
  );
  await client.connect(new StreamableHttpClientTransport(new URL('/mcp', location.href)));
  const tools = await client.listAllTools();
  element('model-tools').textContent = tools
    .filter((tool) => toolVisibleTo(tool, 'model'))
    .map((tool) => tool.name)
    .join(', ');
  const tool = tools.find((candidate) => candidate.name === 'show_counter');
  if (!tool) throw new Error('the server has no show_counter tool');

  let theme: 'light' | 'dark' = 'light';
  const app = await mountApp({
    client,
    tool,
    container: element('app'),
    sandboxUrl: window.EXAMPLE.sandboxUrl,
    hostInfo: { name: 'mcp-apps-example-host', version: '1.0.0' },
    hostContext: {
      theme,
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      containerDimensions: { maxHeight: 600 },
      platform: 'web',
      locale: navigator.language,
    },
    onMessage: (params) => log(`ui/message: ${JSON.stringify(params.content)}`),
    onOpenLink: (url) => log(`ui/open-link: ${url}`),
    onLog: (params) => log(`log: ${JSON.stringify(params.data)}`),
    onSizeChange: (size) => log(`size: ${size.width ?? '-'} x ${size.height ?? '-'}`),
    onError: (error) => log(`refused: ${error.message}`),
  });
  log(`app ${app.app.appInfo?.name ?? '?'} initialized; CSP: ${app.csp}`);
  status('mounted');
  const result = await app.runTool({});
  log(`show_counter: ${JSON.stringify(result.structuredContent)}`);
  status('ready');

  element('theme').addEventListener('click', () => {
    theme = theme === 'light' ? 'dark' : 'light';
    void app.setHostContext({ theme });
  });
  element('ask-app').addEventListener('click', async () => {
    const { tools: appTools } = await app.listAppTools();
    const answer = await app.callAppTool({ name: 'read_count', arguments: {} });
    const text = answer.content
      .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
      .join('');
    log(`app tools: ${appTools.map((tool) => tool.name).join(', ')}; read_count: ${text}`);
  });
  element('close').addEventListener('click', async () => {
    await app.teardown('the user closed the app');
    await client.close();
    status('closed');
  });
}

main().catch((error: unknown) => {
  log(`error: ${error instanceof Error ? error.message : String(error)}`);
  status('failed');
});
