// Every export of this file is public API of @mcpkit/jsonrpc/testing: tools for testing code
// built on mcpkit and for checking new transports. Importing it requires vitest.

// The contract every Transport implementation must satisfy, as vitest tests.
export type { TransportContractOptions, TransportPair } from './contract-suite.js';
export { runTransportContractSuite } from './contract-suite.js';
// Two linked in-memory transports.
export { createInMemoryTransportPair } from './in-memory.js';
