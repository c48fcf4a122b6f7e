import type { JSONRPCMessage } from './jsonrpc-types.js';

// SEP-2243 (2026-07-28, Streamable HTTP): every request and notification carries `Mcp-Method` (and
// `Mcp-Name` where the method names something), and tool arguments whose input-schema property
// carries an `x-mcp-header` annotation are mirrored in `Mcp-Param-{Name}` headers. Clients build the
// headers from these rules and servers check them against the body, so both read them the same way.

/**
 * The standard headers of a request or notification, read from the message alone: `Mcp-Method`,
 * and `Mcp-Name` for the methods that name a tool, prompt, resource or task. None for a response.
 * `Mcp-Name` follows the value encoding of `Mcp-Param-*` (a name or URI outside visible ASCII, such
 * as `file:///srv/café.txt`, travels as `=?base64?…?=`), see {@link encodeHeaderValue}.
 */
export function standardHeaders(message: JSONRPCMessage): Record<string, string> | undefined {
  if (!('method' in message)) return undefined;
  const method = message.method;
  const headers: Record<string, string> = { 'Mcp-Method': method };
  const key =
    method === 'tools/call' || method === 'prompts/get'
      ? 'name'
      : method === 'resources/read'
        ? 'uri'
        : method.startsWith('tasks/')
          ? 'taskId'
          : undefined;
  const name = key === undefined ? undefined : message.params?.[key];
  if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderText(name);
  return headers;
}

/** One annotated argument: the header name and the chain of `properties` keys leading to it. */
export interface HeaderParameter {
  name: string;
  path: string[];
}

/** RFC 9110 `tchar`: the characters a header field name may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ALLOWED_TYPES = new Set(['string', 'integer', 'boolean']);
const SAFE_INTEGER = { min: -(2 ** 53) + 1, max: 2 ** 53 - 1 };

function checkAnnotation(
  annotation: unknown,
  property: Record<string, unknown>,
  seen: Set<string>,
): string | undefined {
  if (typeof annotation !== 'string' || annotation.length === 0)
    return 'x-mcp-header must be a non-empty string';
  if (!TOKEN.test(annotation))
    return `x-mcp-header ${JSON.stringify(annotation)} is not a valid HTTP header name token`;
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
 * Reads the `x-mcp-header` annotations of a tool's input schema: the parameters to mirror, or why
 * the tool definition is invalid (bad or duplicate name, non-primitive type, an annotation that is
 * not statically reachable through `properties`).
 */
export function readHeaderParameters(
  inputSchema: unknown,
): { parameters: HeaderParameter[] } | { invalid: string } {
  const parameters: HeaderParameter[] = [];
  const seen = new Set<string>();
  const problems: string[] = [];
  const misplaced: string[] = [];
  // One walk over the whole schema: `names` are the property keys leading to `node` while only
  // chains of `properties` do (the root's is empty), undefined once anything else does (items,
  // composition, $defs...). An annotation is valid on a property reached so, misplaced anywhere else.
  const walk = (node: unknown, path: string[], names: string[] | undefined) => {
    if (typeof node !== 'object' || node === null) return;
    const annotation = (node as Record<string, unknown>)['x-mcp-header'];
    if (annotation !== undefined && names?.length) {
      // Checked before the property's own children: the first of two equal names is the valid one.
      const problem = checkAnnotation(annotation, node as Record<string, unknown>, seen);
      if (problem) problems.push(`property '${names.join('.')}': ${problem}`);
      else parameters.push({ name: annotation as string, path: names });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-mcp-header') {
        if (!names?.length) misplaced.push(path.join('.') || '(root)');
      } else if (key === 'properties' && names && typeof value === 'object' && value !== null) {
        for (const [name, property] of Object.entries(value))
          walk(property, [...path, key, name], [...names, name]);
      } else walk(value, [...path, key], undefined);
    }
  };
  walk(inputSchema, [], []);
  for (const where of misplaced) {
    problems.push(
      `x-mcp-header at '${where}' is not reachable through properties alone (items, composition, conditionals and $ref are not allowed)`,
    );
  }
  if (problems.length > 0) return { invalid: problems.join('; ') };
  return { parameters };
}

/** The value at a chain of property keys of the arguments, or undefined. */
export function valueAtPath(args: unknown, path: readonly string[]): unknown {
  let current: unknown = args;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The text an argument is mirrored as, before encoding; undefined when no header is sent. */
export function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && (value < SAFE_INTEGER.min || value > SAFE_INTEGER.max)) return undefined;
    return String(value);
  }
  return undefined;
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encodes an argument as a header value: plain when it is safe visible ASCII, otherwise (edge
 * whitespace, non-ASCII, control characters, or text that looks like the sentinel)
 * `=?base64?<UTF-8 base64>?=`. `null`/absent values, objects and unsafe integers yield nothing.
 */
export function encodeHeaderValue(value: unknown): string | undefined {
  const text = headerText(value);
  return text === undefined ? undefined : encodeHeaderText(text);
}

/** The "Value Encoding" of streamable-http.mdx, shared by `Mcp-Name` and `Mcp-Param-*`. */
function encodeHeaderText(text: string): string {
  const edgeWhitespace = /^[ \t]|[ \t]$/.test(text);
  const unsafe = /[^\x20-\x7e]/.test(text);
  const sentinel = text.startsWith('=?base64?') && text.endsWith('?=');
  return edgeWhitespace || unsafe || sentinel ? `=?base64?${base64Utf8(text)}?=` : text;
}

/**
 * Compares decoded `Mcp-Param-*` headers (keyed by lower-cased name) with the call's arguments:
 * every argument present must have its header, equal to it (a header for an absent or `null`
 * argument is not expected, and ignored). Strings and booleans compare as exact text; a number in
 * the body compares numerically with the header read as a JSON number, so `42.0` and `4.2e1` equal
 * `42` (streamable-http.mdx "Server Validation": servers SHOULD compare integers numerically).
 * Returns the first problem, or undefined when they agree.
 */
export function headerParameterMismatch(
  parameters: readonly HeaderParameter[],
  args: unknown,
  headers: Readonly<Record<string, string>>,
): string | undefined {
  for (const parameter of parameters) {
    const value = valueAtPath(args, parameter.path);
    const actual = headers[parameter.name.toLowerCase()];
    const header = `Mcp-Param-${parameter.name}`;
    const where = `arguments.${parameter.path.join('.')}`;
    const isNumber = typeof value === 'number';
    // Clients mirror no integer beyond the safe range (the spec forbids it), yet the value is in the
    // body: say why rather than report a missing header.
    if (isNumber && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      return `${header} cannot mirror ${where} = ${value}, beyond the safe integers (±(2^53-1))`;
    }
    // Objects and arrays are never mirrored: input validation refuses them for a primitive property.
    const expected = isNumber ? String(value) : headerText(value);
    if (expected === undefined) continue;
    const shown = isNumber ? expected : JSON.stringify(expected);
    if (actual === undefined) return `${header} is missing; ${where} is ${shown}`;
    const isJsonNumber = JSON_NUMBER.test(actual);
    if (isNumber ? !isJsonNumber || Number(actual) !== value : actual !== expected) {
      const notNumber = isNumber && !isJsonNumber ? ' (a number): expected a JSON number' : '';
      return `${header} is ${JSON.stringify(actual)} but ${where} is ${shown}${notNumber}`;
    }
  }
  return undefined;
}

/** RFC 8259's number grammar: what a header mirroring a number must hold (not `042`, `+4`, `0x2A`). */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
