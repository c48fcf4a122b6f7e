// Every export of this file is public API of @mcpkit/hono.
export { type McpMiddlewareOptions, mcp } from './middleware.js';
