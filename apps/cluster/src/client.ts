import { McpClient, type McpClientOptions } from '@mcpkit/client';
import {
  StreamableHttpClientTransport,
  type StreamableHttpClientTransportOptions,
} from '@mcpkit/transport-http-client';

/** The revision every check speaks: the last stateful one, whose sessions the processes share. */
export const PROTOCOL_VERSION = '2025-11-25';

export interface ClusterClient {
  client: McpClient;
  transport: StreamableHttpClientTransport;
  /** The session id the server gave (changes if the client renews an expired session). */
  sessionId(): string;
  /** Calls `name` and returns the text of its first content block; rejects on a tool error. */
  call(name: string, args?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Connects a 2025-11-25 client to `url`; `setup` runs before connect (to set handlers, so capabilities are declared). */
export async function connectClient(
  url: URL,
  setup: (client: McpClient) => void = () => undefined,
  options: McpClientOptions = {},
  transportOptions: StreamableHttpClientTransportOptions = {},
): Promise<ClusterClient> {
  const client = new McpClient(
    { name: 'cluster-check', version: '0.0.0' },
    { protocolVersion: PROTOCOL_VERSION, ...options },
  );
  setup(client);
  const transport = new StreamableHttpClientTransport(url, transportOptions);
  await client.connect(transport);
  return {
    client,
    transport,
    sessionId() {
      const id = transport.sessionId;
      if (id === undefined) throw new Error('the client has no session id after connect');
      return id;
    },
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : JSON.stringify(result.content);
      if (result.isError) throw new Error(`tool ${name} failed: ${text}`);
      return text;
    },
    close: () => client.close(),
  };
}
