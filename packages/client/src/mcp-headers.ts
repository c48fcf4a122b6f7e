import {
  encodeHeaderValue,
  type HeaderParameter,
  type JSONObject,
  type JSONRPCMessage,
  readHeaderParameters as readSchemaHeaderParameters,
  standardHeaders,
  type Tool,
  valueAtPath,
} from '@mcpkit/protocol';

// SEP-2243 (2026-07-28, Streamable HTTP): standard `Mcp-Method` / `Mcp-Name` headers on every
// request and notification, and `Mcp-Param-{Name}` headers mirroring tool arguments whose input
// schema property carries an `x-mcp-header` annotation. The client knows the tool definitions, so
// it builds these headers; an HTTP transport asks for them per message.

/** Reads a tool's `x-mcp-header` annotations (the rules live in @mcpkit/protocol, shared with servers). */
export function readHeaderParameters(tool: Tool): { parameters: HeaderParameter[] } | { invalid: string } {
  return readSchemaHeaderParameters(tool.inputSchema);
}

export { encodeHeaderValue };

/** Remembers the header annotations of listed tools and builds the headers of each message. */
export class McpHeaderRegistry {
  readonly #parameters = new Map<string, HeaderParameter[]>();

  /**
   * Records a page of listed tools and returns the ones to keep: a tool with an invalid
   * annotation is dropped (SEP-2243 requires excluding it) and reported through `reject`.
   */
  admit(tools: readonly Tool[], reject: (tool: Tool, reason: string) => void): Tool[] {
    const kept: Tool[] = [];
    for (const tool of tools) {
      const read = readHeaderParameters(tool);
      if ('invalid' in read) {
        this.#parameters.delete(tool.name);
        reject(tool, read.invalid);
        continue;
      }
      if (read.parameters.length > 0) this.#parameters.set(tool.name, read.parameters);
      else this.#parameters.delete(tool.name);
      kept.push(tool);
    }
    return kept;
  }

  clear(): void {
    this.#parameters.clear();
  }

  /** The SEP-2243 headers of one outgoing message (none for responses). */
  headersFor(message: JSONRPCMessage): Record<string, string> | undefined {
    const headers = standardHeaders(message);
    if (headers === undefined || !('method' in message)) return headers;
    const params = message.params;
    if (message.method === 'tools/call' && typeof params?.name === 'string') {
      const args = params.arguments as JSONObject | undefined;
      for (const parameter of this.#parameters.get(params.name) ?? []) {
        const value = encodeHeaderValue(valueAtPath(args, parameter.path));
        if (value !== undefined) headers[`Mcp-Param-${parameter.name}`] = value;
      }
    }
    return headers;
  }
}
