/** What a workload needs from a client, whichever SDK (or none) sits underneath. */
export interface BenchClient {
  /** Calls the `echo` tool and returns the echoed text. */
  echo(text: string): Promise<string>;
  /** Calls the `big` tool and returns the length of its text result. */
  big(): Promise<number>;
  /** Calls the `progress` tool and returns how many progress notifications arrived. */
  progress(count: number): Promise<number>;
  /** Lists tools and returns how many there are. */
  listTools(): Promise<number>;
  close(): Promise<void>;
}

export interface StdioTarget {
  command: string;
  args: string[];
}

/** Protocol era a client speaks: `2025` (initialize handshake) or `2026` (2026-07-28, stateless). */
export type Wire = '2025' | '2026';

/** How a client is set up beyond its wire. */
export interface ConnectOptions {
  /** @mcpkit/otel on (only the mcpkit client honours it; the otel workloads run mcpkit only). */
  otel?: boolean;
}

export interface ClientFactory {
  connectStdio(target: StdioTarget, wire: Wire, options?: ConnectOptions): Promise<BenchClient>;
  connectHttp(url: string, wire: Wire, options?: ConnectOptions): Promise<BenchClient>;
}

/** Fails when a client asked for 2026-07-28 ended up on another revision (a silent fallback). */
export function assertWire(wire: Wire, negotiated: string | undefined): void {
  const expected = wire === '2026' ? '2026-07-28' : '2025-11-25';
  if (negotiated !== expected)
    throw new Error(`client negotiated protocol ${negotiated ?? 'none'}, expected ${expected}`);
}

/** Reads the text of the first content block of a tool result, failing loudly on anything else. */
export function firstText(result: object): string {
  const content = (result as { content?: unknown }).content;
  if (!Array.isArray(content) || content.length === 0) {
    throw new Error(`tool result has no content: ${JSON.stringify(result).slice(0, 200)}`);
  }
  const block = content[0] as { type?: string; text?: unknown };
  if (block.type !== 'text' || typeof block.text !== 'string') {
    throw new Error(`tool result's first block is not text: ${JSON.stringify(block).slice(0, 200)}`);
  }
  return block.text;
}

export const CLIENT_INFO = { name: 'bench-client', version: '1.0.0' };

/**
 * Counts progress notifications of one call. SDK clients may dispatch notifications a tick after
 * the response that follows them on the wire, so the count is read after one macrotask turn.
 * Some clients drop notifications that arrive with the final response; the workload reports
 * how many were delivered rather than hiding that.
 */
export function progressCounter() {
  let received = 0;
  return {
    onprogress(): void {
      received++;
    },
    async delivered(): Promise<number> {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return received;
    },
  };
}
