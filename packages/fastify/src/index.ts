// Every export of this file is public API of @mcpkit/fastify.
export { type McpPluginOptions, mcpPlugin } from './plugin.js';
