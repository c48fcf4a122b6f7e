// The example's MCP server: a counter with an app. `show_counter` (visible to the model and the app)
// renders the counter's UI; `increment` is for the app only (hosts keep it from the model);
// `reset_counter` is for the model only, so a host refuses it when the app asks.
import { appsExtension, registerAppResource, registerAppTool } from '@mcpkit/apps/server';
import { PROTOCOL_VERSIONS } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { z } from 'zod';

/** A fresh server whose counter starts at 0; `appHtml` is the app's whole HTML document. */
export function createCounterServer(appHtml) {
  let count = 0;
  const server = new McpServer(
    { name: 'counter-example', version: '1.0.0' },
    // Every revision, 2026-07-28 (stateless) included, on one endpoint.
    { protocolVersions: PROTOCOL_VERSIONS, capabilities: { extensions: appsExtension() } },
  );
  const app = registerAppResource(server, 'ui://counter/app.html', {
    name: 'Counter',
    description: 'A counter with a +1 button',
    html: appHtml,
    prefersBorder: true,
  });
  const answer = () => ({
    content: [{ type: 'text', text: `The count is ${count}.` }],
    structuredContent: { count },
  });
  registerAppTool(
    server,
    'show_counter',
    {
      description: 'Shows the counter (an interactive app in hosts that render MCP Apps).',
      ui: { resource: app },
    },
    () => answer(),
  );
  registerAppTool(
    server,
    'increment',
    {
      description: 'Adds `by` to the counter.',
      inputSchema: { by: z.number().int().min(1).max(100) },
      ui: { resource: app, visibility: ['app'] },
    },
    ({ by }) => {
      count += by;
      return answer();
    },
  );
  registerAppTool(
    server,
    'reset_counter',
    { description: 'Sets the counter back to 0.', ui: { visibility: ['model'] } },
    () => {
      count = 0;
      return answer();
    },
  );
  return server;
}
