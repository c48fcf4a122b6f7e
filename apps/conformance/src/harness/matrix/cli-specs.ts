import { MATRIX_DRIVERS, matrixDriverCommand } from './peers-and-drivers.js';
import type { MatrixClient, MatrixServer } from './run-matrix.js';

// How command-line arguments name matrix servers and clients, so the CLI stays a thin parser:
//   server: "http://127.0.0.1:3000/mcp" (a running server), "http-command:<cmd>" (a command that
//           serves HTTP and prints its URL), or any other text (a stdio server command);
//   client: "mcpkit", "official-v2", "official-v1" (the bundled drivers), or a driver command.
// Either may start with "<label>=" to name its row or column (labels have no spaces or "="); a
// command that itself starts with `VAR=value` therefore needs a label in front.

const LABEL = /^([\w.@()-]+)=(.+)$/s;

function splitLabel(arg: string): { label?: string; value: string } {
  const match = LABEL.exec(arg.trim());
  return match ? { label: match[1], value: (match[2] ?? '').trim() } : { value: arg.trim() };
}

export function matrixServerFromArg(arg: string): MatrixServer {
  const { label, value } = splitLabel(arg);
  if (value === '') throw new Error(`a matrix server needs a URL or a command, got ${JSON.stringify(arg)}`);
  if (/^https?:\/\//.test(value)) return { name: label ?? value, url: value };
  if (value.startsWith('http-command:')) {
    const command = value.slice('http-command:'.length).trim();
    if (command === '')
      throw new Error(`"http-command:" needs a command after it, got ${JSON.stringify(arg)}`);
    return { name: label ?? `${command} (HTTP)`, httpCommand: command };
  }
  return { name: label ?? value, command: value };
}

export function matrixClientFromArg(arg: string): MatrixClient {
  const { label, value } = splitLabel(arg);
  if (value === '')
    throw new Error(
      `a matrix client needs a driver name (${Object.keys(MATRIX_DRIVERS).join(', ')}) or a command, got ${JSON.stringify(arg)}`,
    );
  if (value in MATRIX_DRIVERS) {
    return { name: label ?? value, command: matrixDriverCommand(value as keyof typeof MATRIX_DRIVERS) };
  }
  return { name: label ?? value, command: value };
}
