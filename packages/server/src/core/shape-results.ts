import type { JSONObject } from '@mcpkit/protocol/essentials';
import { atLeast, Since } from './revisions.js';

// Shapes what the server sends to what the negotiated revision defines. Registration stores the
// newest shapes; these functions drop (or, for content, translate) what an older client would not
// understand. They return new objects and never mutate the registry's copies.

type Obj = { [key: string]: unknown };

function omit(object: Obj, keys: readonly string[]): Obj {
  let copy: Obj | undefined;
  for (const key of keys) {
    if (key in object) {
      copy ??= { ...object };
      delete copy[key];
    }
  }
  return copy ?? object;
}

/** Fields of tool/resource/template/prompt definitions and the revision that added them. */
function definitionFieldsToDrop(version: string): string[] {
  const drop: string[] = [];
  if (!atLeast(version, Since.title)) drop.push('title');
  if (!atLeast(version, Since.definitionMeta)) drop.push('_meta');
  if (!atLeast(version, Since.icons)) drop.push('icons');
  return drop;
}

/** A JSON object (not an array, not null): what structuredContent was before 2026-07-28. */
const isObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function shapeTool(tool: Obj, version: string): Obj {
  const drop = definitionFieldsToDrop(version);
  // Up to 2025-11-25 an outputSchema must be `type: "object"`: a tool with any other is listed
  // without it (its results then come without structuredContent, see shapeCallToolResult).
  if (
    !atLeast(version, Since.outputSchema) ||
    (!atLeast(version, Since.anyStructuredContent) &&
      (tool.outputSchema as Obj | undefined)?.type !== 'object')
  )
    drop.push('outputSchema');
  if (!atLeast(version, Since.toolAnnotations)) drop.push('annotations');
  if (!atLeast(version, Since.toolExecution)) drop.push('execution');
  return omit(tool, drop);
}

export function shapeDefinition(definition: Obj, version: string): Obj {
  let shaped = omit(definition, definitionFieldsToDrop(version));
  if (shaped.annotations !== undefined)
    shaped = { ...shaped, annotations: shapeAnnotations(shaped.annotations, version) };
  return shaped;
}

export function shapePrompt(prompt: Obj, version: string): Obj {
  const shaped = omit(prompt, definitionFieldsToDrop(version));
  if (!Array.isArray(shaped.arguments) || atLeast(version, Since.title)) return shaped;
  return { ...shaped, arguments: shaped.arguments.map((argument: Obj) => omit(argument, ['title'])) };
}

export function shapeImplementation(info: Obj, version: string): Obj {
  const drop: string[] = [];
  if (!atLeast(version, Since.title)) drop.push('title');
  if (!atLeast(version, Since.icons)) drop.push('icons');
  if (!atLeast(version, Since.implementationDetails)) drop.push('description', 'websiteUrl');
  return omit(info, drop);
}

function shapeAnnotations(annotations: unknown, version: string): unknown {
  if (
    typeof annotations !== 'object' ||
    annotations === null ||
    atLeast(version, Since.annotationsLastModified)
  ) {
    return annotations;
  }
  return omit(annotations as Obj, ['lastModified']);
}

/**
 * One content block for `version`. Blocks a revision lacks are translated to text so the
 * model still learns something: an audio clip becomes a note, a resource link its URI.
 */
export function shapeContentBlock(block: Obj, version: string): Obj {
  let shaped = block;
  if (block.type === 'audio' && !atLeast(version, Since.audioContent)) {
    shaped = {
      type: 'text',
      text: `[audio content (${String(block.mimeType)}) not supported by this client]`,
    };
  } else if (block.type === 'resource_link' && !atLeast(version, Since.resourceLink)) {
    const label = typeof block.name === 'string' ? `${block.name}: ` : '';
    shaped = { type: 'text', text: `${label}${String(block.uri)}` };
  } else if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
    if (!atLeast(version, Since.definitionMeta))
      shaped = { ...block, resource: omit(block.resource as Obj, ['_meta']) };
  }
  if (!atLeast(version, Since.definitionMeta)) shaped = omit(shaped, ['_meta']);
  if (shaped.annotations !== undefined) {
    shaped = { ...shaped, annotations: shapeAnnotations(shaped.annotations, version) };
  }
  return shaped;
}

/** Shapes `result` in place: it must be a fresh object the caller owns (normalizeToolReturn's). */
export function shapeCallToolResult(result: Obj, version: string): JSONObject {
  let shaped: Obj = result;
  const content = shaped.content;
  // Every feature shapeContentBlock checks came by 2025-06-18 (shape-results.test.ts holds it to
  // that): from then on the blocks go as they are, and the usual tools/call copies no array.
  if (Array.isArray(content) && !atLeast(version, Since.annotationsLastModified))
    shaped.content = content.map((block: Obj) => shapeContentBlock(block, version));
  // Up to 2025-11-25 structuredContent is an object; any other value reaches those clients only
  // as the text content the result carries anyway (normalizeToolReturn adds it when missing).
  const structured = shaped.structuredContent;
  if (
    structured !== undefined &&
    (!atLeast(version, Since.structuredContent) ||
      (!atLeast(version, Since.anyStructuredContent) && !isObject(structured)))
  )
    shaped = omit(shaped, ['structuredContent']);
  return shaped;
}

export function shapeResourceContents(contents: readonly Obj[], version: string): Obj[] {
  if (atLeast(version, Since.definitionMeta)) return [...contents];
  return contents.map((item) => omit(item, ['_meta']));
}
