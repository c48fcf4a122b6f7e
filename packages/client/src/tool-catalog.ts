import type { JSONRPCMessage, Tool } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { McpHeaderRegistry } from './mcp-headers.js';
import { ToolOutputSchemaCache } from './tool-output.js';

/** 2025-11-25 `execution.taskSupport`; a listed tool without it is `forbidden`. */
export type ToolTaskSupport = 'forbidden' | 'optional' | 'required';

/**
 * What the client remembers about listed tools: output schemas (checked by the inherited `check`) (to check `structuredContent`),
 * task support (to run `required` tools as tasks) and, under 2026-07-28, `x-mcp-header` annotations (to build HTTP headers).
 */
export class ToolCatalog extends ToolOutputSchemaCache {
  readonly #headers = new McpHeaderRegistry();
  readonly #taskSupport = new Map<string, ToolTaskSupport>();
  /**
   * False while no listed tool requires running as a task (the usual case): `callTool` then skips
   * the per-call lookup. True from the listing of such a tool until the list changes.
   */
  mayRequireTasks = false;

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
    this.remember(kept);
    for (const tool of kept) {
      const support = tool.execution?.taskSupport ?? 'forbidden';
      if (support === 'required') this.mayRequireTasks = true;
      this.#taskSupport.set(tool.name, support);
    }
    return kept;
  }

  /** The tool's task support as last listed; undefined for a tool not listed (since the last change). */
  taskSupport(toolName: string): ToolTaskSupport | undefined {
    return this.#taskSupport.get(toolName);
  }

  headersFor(message: JSONRPCMessage): Record<string, string> | undefined {
    return this.#headers.headersFor(message);
  }

  /**
   * The server's tool list changed: stop trusting cached output schemas and task support. Header annotations stay
   * until the next listing, since sending slightly stale headers beats sending none.
   */
  listChanged(): void {
    super.clear();
    this.#taskSupport.clear();
    this.mayRequireTasks = false;
  }

  /** Forgets everything (the connection closed). */
  override clear(): void {
    this.listChanged();
    this.#headers.clear();
  }
}
