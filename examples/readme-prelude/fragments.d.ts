// The names README blocks marked ```ts fragment may use without declaring them: the server, client,
// handler or transport that the text around the block has just built. Whole blocks (no `fragment`
// flag) never see these. Keep each one typed as what the READMEs mean by it.

declare const server: import('@mcpkit/server').McpServer;
declare const client: import('@mcpkit/client').McpClient;
declare const handler: import('@mcpkit/transport-http-server').StreamableHttpHandler;
declare const transport: import('@mcpkit/jsonrpc').Transport;
declare const url: URL;
declare const info: import('@mcpkit/protocol').Implementation;

/** transport-http-server README: the slow work of the `long_job` tool. */
declare function runLongJob(steps: number, signal: AbortSignal): Promise<string>;

/** client README: shows the server's form to the user and returns their answer. */
declare function askTheUser(
  params: import('@mcpkit/protocol').ElicitRequestParams,
): Promise<import('@mcpkit/protocol').ElicitResult>;

/** jsonrpc README: the two peers of its first example, and a transport author's own helpers. */
declare const peer: import('@mcpkit/jsonrpc').JsonRpcPeer;
declare const caller: import('@mcpkit/jsonrpc').JsonRpcPeer;
declare function openConnectedPair(): Promise<{
  a: import('@mcpkit/jsonrpc').Transport;
  b: import('@mcpkit/jsonrpc').Transport;
}>;
declare function shutDown(): Promise<void>;

/** protocol README: a message as it arrived, not yet checked. */
declare const request: unknown;

/** server README: the work of its task examples. */
declare function renderScene(scene: string, signal: AbortSignal): Promise<string>;
declare function deploy(target: 'staging' | 'prod' | undefined): Promise<string>;

/** transport-http-client README: where its bearer middleware gets a token. */
declare function getToken(): Promise<string>;
