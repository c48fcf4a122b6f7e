// The MCPKIT_DEBUG=wire switch: transports log every JSON-RPC message they receive or send to
// stderr, never stdout (a stdio server's stdout is the protocol stream). Each transport asks once,
// when it starts; when the switch is off it gets `undefined` and pays one check per message.
//
// The environment and stderr are reached through a guarded `globalThis.process`, not an import:
// this package runs on Node, Deno, Bun, workers and browsers, and where there is no `process`
// (or no permission to read the environment) the switch is simply off.
import type { JSONRPCMessage } from '@mcpkit/protocol/essentials';

/** Which way a message travelled, seen from this process: `in` was received, `out` was sent. */
export type WireDirection = 'in' | 'out';

/** Logs one JSON-RPC message a transport received or sent; `sessionId` when the transport has one. */
export type WireLog = (direction: WireDirection, message: JSONRPCMessage, sessionId?: string) => void;

/** The environment variable that switches wire logging on (`MCPKIT_DEBUG=wire`). */
export const DEBUG_ENVIRONMENT_VARIABLE = 'MCPKIT_DEBUG';

interface ProcessLike {
  env?: Record<string, string | undefined>;
  stderr?: { write(text: string): unknown };
}

/**
 * True when an `MCPKIT_DEBUG` value turns wire logging on: a comma-separated list of topics that
 * holds `wire` (or `*`, everything).
 */
export function wireLoggingRequested(value: string | undefined): boolean {
  if (value === undefined) return false;
  return value.split(',').some((topic) => {
    const name = topic.trim();
    return name === 'wire' || name === '*';
  });
}

/**
 * The wire log for a transport named `transport` (e.g. `stdio-server`), writing one line per
 * message to stderr, or `undefined` when `MCPKIT_DEBUG` does not ask for `wire` or the runtime has
 * no environment or stderr.
 */
export function wireLogFromEnvironment(transport: string): WireLog | undefined {
  const host = (globalThis as { process?: ProcessLike }).process;
  let value: string | undefined;
  try {
    value = host?.env?.[DEBUG_ENVIRONMENT_VARIABLE];
  } catch {
    // Deno without --allow-env throws on reading the environment: then nobody asked for logging.
    return undefined;
  }
  const stderr = host?.stderr;
  if (!wireLoggingRequested(value) || typeof stderr?.write !== 'function') return undefined;
  return (direction, message, sessionId) => {
    const session = sessionId === undefined ? '' : ` session=${sessionId}`;
    stderr.write(`mcpkit:wire ${transport}${session} ${direction} ${JSON.stringify(message)}\n`);
  };
}
