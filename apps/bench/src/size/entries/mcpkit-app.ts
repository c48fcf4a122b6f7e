// Size probe: the smallest MCP App on mcpkit (runs in the host's iframe): handshake, show the tool
// result, call a server tool on click, send a message to the conversation.
import { App } from '@mcpkit/apps/app';

const app = new App({ name: 'probe', version: '1.0.0' });
app.ontoolresult = (result) => {
  document.body.textContent = JSON.stringify(result.structuredContent ?? result.content);
};
await app.connect();
document.body.onclick = async () => {
  const result = await app.callServerTool({ name: 'refresh', arguments: {} });
  await app.sendMessage({ role: 'user', content: [{ type: 'text', text: JSON.stringify(result.content) }] });
};
