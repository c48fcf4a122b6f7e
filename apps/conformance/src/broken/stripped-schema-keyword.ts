// Broken on purpose: tools/list drops `$defs` from input schemas, leaving `$ref` pointing nowhere.
import type { JSONObject } from '@mcpkit/protocol';
import { runBrokenServer } from './kit/run-server.js';

function withoutDefs(tool: JSONObject): JSONObject {
  const schema = tool.inputSchema as JSONObject | undefined;
  if (schema === undefined || !('$defs' in schema)) return tool;
  const { $defs: _dropped, ...rest } = schema;
  return { ...tool, inputSchema: rest };
}

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) => {
      if (answering?.method !== 'tools/list' || !('result' in message)) return message;
      const tools = (message.result.tools as JSONObject[] | undefined) ?? [];
      return { ...message, result: { ...message.result, tools: tools.map(withoutDefs) } };
    },
  },
});
