// The names README blocks marked ```ts fragment may use without declaring them: the server, client,
// handler or transport that the text around the block has just built. The check imports into each
// fragment every name below that the fragment does not declare itself; whole blocks never see them.
// Keep each one typed as what the READMEs mean by it.
import type { McpClient } from '@mcpkit/client';
import type { JsonRpcPeer, Transport } from '@mcpkit/jsonrpc';
import type { ElicitRequestParams, ElicitResult, Implementation } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import type { StreamableHttpHandler } from '@mcpkit/transport-http-server';

export declare const server: McpServer;
export declare const client: McpClient;
export declare const handler: StreamableHttpHandler;
export declare const transport: Transport;
export declare const url: URL;
export declare const info: Implementation;

/** transport-http-server README: the slow work of the `long_job` tool. */
export declare function runLongJob(steps: number, signal: AbortSignal): Promise<string>;

/** client README: shows the server's form to the user and returns their answer. */
export declare function askTheUser(params: ElicitRequestParams): Promise<ElicitResult>;

/** jsonrpc README: the two peers of its first example, and a transport author's own helpers. */
export declare const peer: JsonRpcPeer;
export declare const caller: JsonRpcPeer;
export declare function openConnectedPair(): Promise<{
  a: Transport;
  b: Transport;
}>;
export declare function shutDown(): Promise<void>;

/** protocol README: a message as it arrived, not yet checked. */
export declare const request: unknown;

/** server README: the work of its task examples. */
export declare function renderScene(scene: string, signal: AbortSignal): Promise<string>;
export declare function deploy(target: 'staging' | 'prod' | undefined): Promise<string>;

/** transport-http-client README: where its bearer middleware gets a token. */
export declare function getToken(): Promise<string>;
