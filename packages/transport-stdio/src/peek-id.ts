import type { JSONRPCMessage } from './types.js';

type RequestId = Extract<JSONRPCMessage, { id: unknown }>['id'];

const KEY_VALUE = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d{1,16})\s*[,}]/;
/** A whole JSON string or a bracket. */
const TOKEN = /"(?:[^"\\]|\\[\s\S])*"|[{}[\]]/g;

/**
 * Reads the top-level `"id"` of a JSON object from its first bytes only (the rest of an oversized
 * message is never buffered), so that the error response can name the request it answers.
 * Returns `null` when the id is not among those bytes or is not a string or safe integer.
 */
export function peekRequestId(head: string): RequestId | null {
  if (!head.trimStart().startsWith('{')) return null;
  let depth = 0;
  // Strings are skipped whole; one cut off by the end of the head matches nothing, and nothing
  // after its opening quote can be a key.
  for (const token of head.matchAll(TOKEN)) {
    const text = token[0];
    if (text === '{' || text === '[') depth++;
    else if (text === '}' || text === ']') depth--;
    else if (depth === 1 && text === '"id"') {
      const match = KEY_VALUE.exec(head.slice(token.index + 4));
      if (match) return toRequestId(match[1]!);
    }
  }
  return null;
}

function toRequestId(literal: string): RequestId | null {
  const value: unknown = JSON.parse(literal);
  if (typeof value === 'string') return value;
  return Number.isSafeInteger(value) ? (value as number) : null;
}
