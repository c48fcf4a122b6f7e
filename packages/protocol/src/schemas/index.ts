// Internal aggregate of every base schema, used by the revision modules (`export *` then override).
// The public surface is src/index.ts.
export * from './base.js';
export * from './capabilities.js';
export * from './completion.js';
export * from './content.js';
export * from './elicitation.js';
export * from './errors.js';
export * from './generic.js';
export * from './jsonrpc.js';
export * from './lifecycle.js';
export * from './logging.js';
export * from './mrtr.js';
export * from './params.js';
export * from './prompts.js';
export * from './resources.js';
export * from './responses.js';
export * from './roots.js';
export * from './sampling.js';
export * from './subscriptions.js';
export * from './tasks.js';
export * from './tool.js';
export * from './tools.js';
export * from './unions.js';
