// Size probe: the same MCP App as mcpkit-app.ts on the ext-apps app SDK (@modelcontextprotocol/ext-apps).
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';

const app = new App({ name: 'probe', version: '1.0.0' });
app.ontoolresult = (result) => {
  document.body.textContent = JSON.stringify(result.structuredContent ?? result.content);
};
await app.connect(new PostMessageTransport(window.parent, window.parent));
document.body.onclick = async () => {
  const result = await app.callServerTool({ name: 'refresh', arguments: {} });
  await app.sendMessage({ role: 'user', content: [{ type: 'text', text: JSON.stringify(result.content) }] });
};
