// A client that lends its language model to the server (sampling). This one's "model" returns the
// first sentence of the text; a real client calls its LLM here, usually after asking the user.
//
// Run:  pnpm -C examples build && node examples/dist/sampling-client.js
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';

const client = new McpClient(
  { name: 'sampling-client', version: '1.0.0' },
  {
    // Declares the sampling capability; called for each sampling/createMessage.
    sampling: async (params) => {
      const first = params.messages[0]?.content;
      const prompt = first && !Array.isArray(first) && first.type === 'text' ? first.text : '';
      const text = prompt.split('\n\n')[1] ?? '';
      const firstSentence = text.split('. ')[0] ?? text;
      return { role: 'assistant', content: { type: 'text', text: firstSentence }, model: 'first-sentence-1' };
    },
  },
);

const serverScript = fileURLToPath(new URL('./sampling-server.js', import.meta.url));
await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverScript] }));
const text = 'MCP connects models to tools. It has servers and clients. This is the third sentence.';
const result = await client.callTool({ name: 'summarize', arguments: { text } });
for (const block of result.content) if (block.type === 'text') console.log(block.text);
await client.close();
