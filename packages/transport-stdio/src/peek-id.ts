import type { JSONRPCMessage } from './types.js';

type RequestId = Extract<JSONRPCMessage, { id: unknown }>['id'];

const KEY_VALUE = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d{1,16})\s*[,}]/;

/**
 * Reads the top-level `"id"` of a JSON object from its first bytes only (the rest of an oversized
 * message is never buffered), so that the error response can name the request it answers.
 * Returns `null` when the id is not among those bytes or is not a string or safe integer.
 */
export function peekRequestId(head: string): RequestId | null {
  if (!head.trimStart().startsWith('{')) return null;
  let depth = 0;
  for (let index = 0; index < head.length; index++) {
    const char = head[index];
    if (char === '"') {
      const end = closingQuote(head, index + 1);
      if (end < 0) return null;
      if (depth === 1 && end === index + 3 && head.startsWith('"id"', index)) {
        const match = KEY_VALUE.exec(head.slice(end + 1));
        if (match) return toRequestId(match[1]!);
      }
      index = end;
    } else if (char === '{' || char === '[') {
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
    }
  }
  return null;
}

function toRequestId(literal: string): RequestId | null {
  const value: unknown = JSON.parse(literal);
  if (typeof value === 'string') return value;
  return Number.isSafeInteger(value) ? (value as number) : null;
}

function closingQuote(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '"') return index;
  }
  return -1;
}
