// Every export of this file is public API of @mcpkit/transport-http-server/node: the Node glue
// that serves the runtime-neutral handler on node:http without Web objects per request.

export { type NodeHandlerOptions, type NodeRequestHandler, toNodeHandler } from './adapter.js';
export { type ServeOptions, type ServerHandle, serve } from './serve.js';
