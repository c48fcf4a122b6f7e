import type { JSONObject, JSONRPCMessage, Tool } from '@mcpkit/protocol';

// SEP-2243 (2026-07-28, Streamable HTTP): standard `Mcp-Method` / `Mcp-Name` headers on every
// request and notification, and `Mcp-Param-{Name}` headers mirroring tool arguments whose input
// schema property carries an `x-mcp-header` annotation. The client knows the tool definitions, so
// it builds these headers; an HTTP transport asks for them per message.

/** One annotated argument: the header name and where the value sits in `arguments`. */
interface HeaderParameter {
  name: string;
  path: string[];
}

/** RFC 9110 `tchar`: the characters a header field name may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ALLOWED_TYPES = new Set(['string', 'integer', 'boolean']);
const SAFE_INTEGER = { min: -(2 ** 53) + 1, max: 2 ** 53 - 1 };

/**
 * Reads a tool's `x-mcp-header` annotations. Returns the parameters to mirror, or the reason the
 * tool definition must be rejected (bad name, duplicate name, non-primitive type).
 */
export function readHeaderParameters(tool: Tool): { parameters: HeaderParameter[] } | { invalid: string } {
  const parameters: HeaderParameter[] = [];
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (schema: unknown, path: string[]) => {
    const properties = (schema as { properties?: unknown } | undefined)?.properties;
    if (typeof properties !== 'object' || properties === null) return;
    for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
      if (typeof property !== 'object' || property === null) continue;
      const where = [...path, key];
      const annotation = (property as Record<string, unknown>)['x-mcp-header'];
      if (annotation !== undefined) {
        const problem = checkAnnotation(annotation, property as Record<string, unknown>, seen);
        if (problem) problems.push(`property '${where.join('.')}': ${problem}`);
        else parameters.push({ name: annotation as string, path: where });
      }
      visit(property, where);
    }
  };
  visit(tool.inputSchema, []);
  if (problems.length > 0) return { invalid: problems.join('; ') };
  return { parameters };
}

function checkAnnotation(
  annotation: unknown,
  property: Record<string, unknown>,
  seen: Set<string>,
): string | undefined {
  if (typeof annotation !== 'string' || annotation.length === 0)
    return 'x-mcp-header must be a non-empty string';
  if (!TOKEN.test(annotation)) {
    return `x-mcp-header ${JSON.stringify(annotation)} is not a valid HTTP header name token`;
  }
  const folded = annotation.toLowerCase();
  if (seen.has(folded))
    return `x-mcp-header ${JSON.stringify(annotation)} is used twice (names are case-insensitive)`;
  seen.add(folded);
  if (typeof property.type !== 'string' || !ALLOWED_TYPES.has(property.type)) {
    return `x-mcp-header needs a string, integer or boolean property (type is ${JSON.stringify(property.type ?? null)})`;
  }
  return undefined;
}

/**
 * Encodes an argument as a header value: plain when it is safe visible ASCII, otherwise (edge
 * whitespace, non-ASCII, control characters, or text that looks like the sentinel)
 * `=?base64?<UTF-8 base64>?=`. `null`/absent values, objects and unsafe integers yield nothing.
 */
export function encodeHeaderValue(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && (value < SAFE_INTEGER.min || value > SAFE_INTEGER.max)) return undefined;
    text = String(value);
  } else return undefined;
  const edgeWhitespace = /^[ \t]|[ \t]$/.test(text);
  const unsafe = /[^\x20-\x7e]/.test(text);
  const sentinel = text.startsWith('=?base64?') && text.endsWith('?=');
  return edgeWhitespace || unsafe || sentinel ? `=?base64?${base64Utf8(text)}?=` : text;
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

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
    if (!('method' in message)) return undefined;
    const headers: Record<string, string> = { 'Mcp-Method': message.method };
    const params = message.params;
    const name = nameOf(message.method, params);
    if (name !== undefined) headers['Mcp-Name'] = name;
    if (message.method === 'tools/call' && typeof params?.name === 'string') {
      const args = params.arguments as JSONObject | undefined;
      for (const parameter of this.#parameters.get(params.name) ?? []) {
        const value = encodeHeaderValue(valueAt(args, parameter.path));
        if (value !== undefined) headers[`Mcp-Param-${parameter.name}`] = value;
      }
    }
    return headers;
  }
}

function nameOf(method: string, params: JSONObject | undefined): string | undefined {
  const key =
    method === 'tools/call' || method === 'prompts/get'
      ? 'name'
      : method === 'resources/read'
        ? 'uri'
        : method.startsWith('tasks/')
          ? 'taskId'
          : undefined;
  const value = key === undefined ? undefined : params?.[key];
  return typeof value === 'string' ? value : undefined;
}

function valueAt(args: JSONObject | undefined, path: readonly string[]): unknown {
  let current: unknown = args;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
