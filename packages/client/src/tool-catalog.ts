import type { CallToolResult, JSONRPCMessage, Tool } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { McpHeaderRegistry } from './mcp-headers.js';
import { ToolOutputSchemaCache } from './tool-output.js';

/**
 * What the client remembers about listed tools: output schemas (to check `structuredContent`)
 * and, under 2026-07-28, `x-mcp-header` annotations (to build HTTP headers).
 */
export class ToolCatalog {
  readonly #outputs = new ToolOutputSchemaCache();
  readonly #headers = new McpHeaderRegistry();

  /**
   * Records one listed page and returns the tools to hand to the user. Under 2026-07-28 a tool
   * whose header annotations break SEP-2243 is left out and reported as INVALID_TOOL_DEFINITION.
   */
  admit(tools: Tool[], stateless: boolean, report: (error: McpClientError) => void): Tool[] {
    const kept = stateless
      ? this.#headers.admit(tools, (tool, reason) =>
          report(
            new McpClientError(
              McpClientErrorCode.InvalidToolDefinition,
              `Left out tool '${tool.name}' from tools/list: ${reason}`,
              { data: { tool: tool.name, reason } },
            ),
          ),
        )
      : tools;
    this.#outputs.remember(kept);
    return kept;
  }

  /** See `ToolOutputSchemaCache.check`. */
  checkOutput(toolName: string, result: CallToolResult): void {
    this.#outputs.check(toolName, result);
  }

  headersFor(message: JSONRPCMessage): Record<string, string> | undefined {
    return this.#headers.headersFor(message);
  }

  /**
   * The server's tool list changed: stop trusting cached output schemas. Header annotations stay
   * until the next listing, since sending slightly stale headers beats sending none.
   */
  listChanged(): void {
    this.#outputs.clear();
  }

  clear(): void {
    this.#outputs.clear();
    this.#headers.clear();
  }
}
