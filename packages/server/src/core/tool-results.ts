import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { ToolEntry } from '../registry/tools.js';

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

function isContentBlock(value: unknown): value is JSONObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    CONTENT_TYPES.has((value as { type?: unknown }).type as string)
  );
}

/** A tool result with only text, the way every failure reaches the model. */
export function toolErrorResult(message: string): JSONObject {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Structured results also travel as serialized text for clients that ignore structuredContent. */
function withTextFallback(result: JSONObject): JSONObject {
  if (result.structuredContent === undefined) return result;
  const content = result.content;
  if (Array.isArray(content) && content.length > 0) return result;
  return { ...result, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
}

/** Turns whatever a tool handler returned into a CallToolResult, or explains what was wrong. */
export function normalizeToolReturn(value: unknown, entry: ToolEntry): JSONObject {
  if (value === undefined) return { content: [] };
  // With an output schema that does not describe an object (2026-07-28: any JSON value), anything
  // but a CallToolResult is the structured value itself: an array of users, a count, null. With an
  // object schema a string or an array still means content, as it always did.
  if (
    entry.output !== undefined &&
    entry.output.jsonSchema.type !== 'object' &&
    (typeof value !== 'object' || value === null || Array.isArray(value))
  )
    return withTextFallback({ content: [], structuredContent: value });
  if (value === null) return { content: [] };
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (Array.isArray(value)) {
    const index = value.findIndex((item) => !isContentBlock(item));
    if (index !== -1) {
      throw new TypeError(
        `Tool '${entry.key}' returned an array whose item ${index} is not a content block (expected type text, image, audio, resource_link or resource)`,
      );
    }
    return { content: value };
  }
  if (typeof value === 'object') {
    // isContentBlock and the result-shape test written out: this runs on every tools/call.
    if (CONTENT_TYPES.has((value as { type?: unknown }).type as string)) return { content: [value] };
    if ('content' in value || 'structuredContent' in value || 'isError' in value) {
      // A spread copy (the object cloned by its shape), not Object.assign (a runtime lookup per key):
      // over real pipes the assign was among the costliest steps of a tools/call. Only a result
      // without content then gains a key.
      const result: JSONObject = { ...(value as JSONObject) };
      if (result.content === undefined) result.content = [];
      if (!Array.isArray(result.content)) {
        throw new TypeError(`Tool '${entry.key}' returned a result whose content is not an array`);
      }
      return result.structuredContent === undefined ? result : withTextFallback(result);
    }
    if (entry.output !== undefined) return withTextFallback({ content: [], structuredContent: value });
  }
  throw new TypeError(
    `Tool '${entry.key}' returned ${typeof value}; expected text, content block(s), a CallToolResult${entry.output ? ' or its structured output' : ''}`,
  );
}

/**
 * Checks structuredContent against the tool's output schema. A mismatch is the server's bug,
 * so the client gets a clear error result instead of data that breaks its own validation.
 */
export function checkToolOutput(
  result: JSONObject,
  entry: ToolEntry,
): { ok: true } | { ok: false; message: string } {
  if (entry.output === undefined || result.isError === true) return { ok: true };
  if (result.structuredContent === undefined) {
    return {
      ok: false,
      message: `Tool '${entry.key}' has an outputSchema but returned no structuredContent`,
    };
  }
  const checked = entry.output.validate(result.structuredContent);
  if (checked.ok) return { ok: true };
  return {
    ok: false,
    message: `Tool '${entry.key}' returned structuredContent that does not match its outputSchema: ${checked.message}`,
  };
}
