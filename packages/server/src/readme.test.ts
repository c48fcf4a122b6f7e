import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

// The README quickstart, run for real (with the in-memory transport instead of stdio).
function quickstart() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { instructions: 'Echoes things.' });
  server.tool(
    'echo',
    { description: 'Echoes a message', inputSchema: { message: z.string().describe('What to echo') } },
    ({ message }) => `Echo: ${message}`,
  );
  server.resourceTemplate(
    'echo://{message}',
    { name: 'echo', description: 'Echoes the URI', mimeType: 'text/plain' },
    (_uri, { message }) => `Resource echo: ${message}`,
  );
  server.prompt(
    'echo',
    { description: 'Asks the model to echo', arguments: z.object({ message: z.string() }) },
    ({ message }) => `Please echo this message: ${message}`,
  );
  return server;
}

describe('README quickstart', () => {
  it('serves the echo tool, resource template and prompt', async () => {
    const { request } = await connect(quickstart());
    expect(await request('tools/call', { name: 'echo', arguments: { message: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: hi' }],
    });
    expect(await request('resources/read', { uri: 'echo://hello%20world' })).toEqual({
      contents: [{ uri: 'echo://hello%20world', mimeType: 'text/plain', text: 'Resource echo: hello world' }],
    });
    expect(await request('prompts/get', { name: 'echo', arguments: { message: 'x' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Please echo this message: x' } }],
    });
  });
});
