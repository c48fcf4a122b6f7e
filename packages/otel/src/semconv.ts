// The names the OpenTelemetry semantic conventions give MCP telemetry (spans, metrics, attributes),
// exactly as `@opentelemetry/semantic-conventions` 1.45 exports them under the same constant names
// (the entry `incubating` for the development-stage ones, the main entry for error/network/server/
// client, which are stable). They are written out here instead of imported: the incubating entry is
// about 1 MB of JavaScript that a server would load at startup for a dozen strings. semconv.test.ts
// checks every value against the package, so a rename upstream fails our tests.
//
// Source: docs/gen-ai/mcp.md and model/mcp/*.yaml of open-telemetry/semantic-conventions (the MCP
// conventions before the GenAI conventions moved to their own repository, names unchanged there).

/** `mcp.method.name`: the request or notification method (required on every span and metric). */
export const ATTR_MCP_METHOD_NAME = 'mcp.method.name';
/** `mcp.session.id`: the MCP session the message belongs to. */
export const ATTR_MCP_SESSION_ID = 'mcp.session.id';
/** `mcp.protocol.version`: the MCP revision in use, e.g. `2025-11-25`. */
export const ATTR_MCP_PROTOCOL_VERSION = 'mcp.protocol.version';
/** `mcp.resource.uri`: the URI of resources/read, resources/(un)subscribe. */
export const ATTR_MCP_RESOURCE_URI = 'mcp.resource.uri';

/** `gen_ai.tool.name`: the tool of a tools/call. */
export const ATTR_GEN_AI_TOOL_NAME = 'gen_ai.tool.name';
/** `gen_ai.prompt.name`: the prompt of a prompts/get. */
export const ATTR_GEN_AI_PROMPT_NAME = 'gen_ai.prompt.name';
/** `gen_ai.operation.name`: `execute_tool` on tools/call, absent otherwise. */
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
/** The `gen_ai.operation.name` value of a tool call. */
export const GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL = 'execute_tool';
/** `gen_ai.tool.call.arguments` (opt-in): the tool call's arguments. */
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
/** `gen_ai.tool.call.result` (opt-in): the tool call's result. */
export const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';

/** `jsonrpc.request.id`: the request's JSON-RPC id, as a string. */
export const ATTR_JSONRPC_REQUEST_ID = 'jsonrpc.request.id';
/** `rpc.response.status_code`: the JSON-RPC error code of an error response, as a string. */
export const ATTR_RPC_RESPONSE_STATUS_CODE = 'rpc.response.status_code';
/** `error.type`: the class of error the operation or session ended with. */
export const ATTR_ERROR_TYPE = 'error.type';

/** `network.transport`: `pipe` for stdio, `tcp` for HTTP. */
export const ATTR_NETWORK_TRANSPORT = 'network.transport';
/** `network.protocol.name`: `http` when MCP runs over HTTP. */
export const ATTR_NETWORK_PROTOCOL_NAME = 'network.protocol.name';
/** `server.address`: the server's host name or address, seen from the client. */
export const ATTR_SERVER_ADDRESS = 'server.address';
/** `server.port`: the server's port, seen from the client. */
export const ATTR_SERVER_PORT = 'server.port';

/** The `network.transport` value of stdio. */
export const NETWORK_TRANSPORT_VALUE_PIPE = 'pipe';
/** The `network.transport` value of HTTP over TCP. */
export const NETWORK_TRANSPORT_VALUE_TCP = 'tcp';

/** Histogram of a request's duration on the client, from sending to the answer (seconds). */
export const METRIC_MCP_CLIENT_OPERATION_DURATION = 'mcp.client.operation.duration';
/** Histogram of a request's duration on the server, from receiving to answering (seconds). */
export const METRIC_MCP_SERVER_OPERATION_DURATION = 'mcp.server.operation.duration';
/** Histogram of a session's duration on the client (seconds). */
export const METRIC_MCP_CLIENT_SESSION_DURATION = 'mcp.client.session.duration';
/** Histogram of a session's duration on the server (seconds). */
export const METRIC_MCP_SERVER_SESSION_DURATION = 'mcp.server.session.duration';

/** The `error.type` of a tools/call whose result says `isError: true` (the conventions' value). */
export const ERROR_TYPE_TOOL_ERROR = 'tool_error';

/**
 * The explicit bucket boundaries (seconds) the conventions give all four MCP histograms as advice:
 * `[ 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300 ]`.
 */
export const MCP_DURATION_BUCKETS: readonly number[] = Object.freeze([
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
]);
