// Every export of this file is public API of @mcpkit/transport-http-server/node: the Node glue
// that turns node:http requests into Web Requests for the runtime-neutral handler and back.

export { type NodeHandlerOptions, type NodeRequestHandler, toNodeHandler } from './adapter.js';
export { type ServeOptions, type ServerHandle, serve } from './serve.js';
