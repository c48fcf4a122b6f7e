import type { Annotations, Icon, JSONObject, ReadResourceResult } from '@mcpkit/protocol/essentials';
import type { HandlerContext } from '../core/handler-context.js';
import { type UriTemplateLimits, UriTemplateMatcher, type UriVariables } from '../uri-template/matcher.js';
import { type RegistryEntryBase, setDefined } from './registry.js';
import type { VisibilityPredicate } from './visibility.js';

/** Metadata shared by resources and resource templates. */
export interface ResourceMetadata {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: JSONObject;
}

export interface ResourceConfig extends ResourceMetadata {
  /** Size in bytes, when known. */
  size?: number;
  /**
   * Shows the resource only to callers for whom this returns `true`: others do not see it in
   * `resources/list`, and reading it answers exactly as for an unknown URI. Unset: visible to all.
   */
  visible?: VisibilityPredicate;
}

/** One resource as `resources/list` shows it (returned by a template's `list` callback). */
export interface ListedResource extends ResourceMetadata {
  uri: string;
  /** Size in bytes, when known. */
  size?: number;
}

/**
 * What a read handler may return: text (the registration's mimeType applies), bytes (sent as
 * base64 `blob`), one or more contents items (`uri` defaults to the requested URI), or a full
 * ReadResourceResult.
 */
export type ResourceReadReturn =
  | string
  | Uint8Array
  | ResourceContentsInput
  | ResourceContentsInput[]
  | ReadResourceResult;

/** One contents item; `uri` defaults to the URI being read, `mimeType` to the registration's. */
export type ResourceContentsInput = ({ text: string } | { blob: string }) & {
  uri?: string;
  mimeType?: string;
  _meta?: JSONObject;
};

/** `undefined` or `null` means "no such resource" (-32002, or -32602 from 2026-07-28). */
export type ResourceReadHandler<TState> = (
  uri: string,
  ctx: HandlerContext<TState>,
) => ResourceReadReturn | null | undefined | Promise<ResourceReadReturn | null | undefined>;

/** `undefined` or `null` means "no such resource" (-32002, or -32602 from 2026-07-28). */
export type TemplateReadHandler<TState> = (
  uri: string,
  variables: UriVariables,
  ctx: HandlerContext<TState>,
) => ResourceReadReturn | null | undefined | Promise<ResourceReadReturn | null | undefined>;

/** Suggests values for one argument or template variable from what the user typed so far. */
export type Completer<TState = any> = (
  value: string,
  context: { arguments: Record<string, string>; ctx: HandlerContext<TState> },
) => readonly string[] | Promise<readonly string[]>;

export interface ResourceTemplateConfig<TState = any> extends ResourceMetadata {
  /** Enumerates concrete resources for `resources/list`. */
  list?: (ctx: HandlerContext<TState>) => readonly ListedResource[] | Promise<readonly ListedResource[]>;
  /** Completions for template variables, by variable name. */
  complete?: Record<string, Completer<TState>>;
  /**
   * Shows the template only to callers for whom this returns `true`: others do not see it (nor what
   * its `list` enumerates) in the lists, it matches none of their reads, and completing it answers
   * exactly as for an unknown template. Unset: visible to all.
   */
  visible?: VisibilityPredicate;
}

export interface ResourceEntry extends RegistryEntryBase {
  config: ResourceConfig;
  read: ResourceReadHandler<any>;
}

export interface TemplateEntry extends RegistryEntryBase {
  template: UriTemplateMatcher;
  config: ResourceTemplateConfig;
  read: TemplateReadHandler<any>;
}

/** The changes `RegisteredResource.update` accepts: config, URI or read handler. */
export type ResourceUpdate<TState = any> = Partial<Omit<ResourceConfig, 'visible'>> & {
  uri?: string;
  /** A new visibility predicate, or `null` to show the resource to every caller again. */
  visible?: VisibilityPredicate | null;
  read?: ResourceReadHandler<TState>;
};
/** The changes `RegisteredResourceTemplate.update` accepts: config, template or handlers. */
export type ResourceTemplateUpdate<TState = any> = Partial<
  Omit<ResourceTemplateConfig<TState>, 'visible'>
> & {
  uriTemplate?: string;
  /** A new visibility predicate, or `null` to show the template to every caller again. */
  visible?: VisibilityPredicate | null;
  read?: TemplateReadHandler<TState>;
};

export function parseTemplate(
  uriTemplate: string,
  limits: UriTemplateLimits | undefined,
): UriTemplateMatcher {
  return new UriTemplateMatcher(uriTemplate, limits);
}

export function resourceDefinition(uri: string, config: ResourceConfig): JSONObject {
  return setDefined({ uri, ...definitionFields(config) }, config, ['size']);
}

export function templateDefinition(uriTemplate: string, config: ResourceTemplateConfig): JSONObject {
  return { uriTemplate, ...definitionFields(config) };
}

function definitionFields(config: ResourceMetadata): JSONObject {
  const keys = ['title', 'description', 'mimeType', 'annotations', 'icons', '_meta'];
  return setDefined<JSONObject>({ name: config.name }, config, keys);
}

/** Base64 without Node's Buffer (this package runs on any runtime). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}

/** Turns any read return value into a ReadResourceResult for `uri`. */
export function normalizeReadResult(
  value: ResourceReadReturn,
  uri: string,
  mimeType: string | undefined,
): JSONObject {
  const withDefaults = (item: JSONObject): JSONObject => {
    const filled: JSONObject = { uri, ...item };
    if (filled.mimeType === undefined && mimeType !== undefined) filled.mimeType = mimeType;
    return filled;
  };
  if (typeof value === 'string') return { contents: [withDefaults({ text: value })] };
  if (value instanceof Uint8Array) return { contents: [withDefaults({ blob: bytesToBase64(value) })] };
  if (Array.isArray(value)) return { contents: value.map((item) => withDefaults(item as JSONObject)) };
  if (typeof value === 'object' && value !== null && Array.isArray((value as ReadResourceResult).contents)) {
    const result = value as ReadResourceResult;
    return { ...result, contents: result.contents.map((item) => withDefaults(item as JSONObject)) };
  }
  if (typeof value === 'object' && value !== null && ('text' in value || 'blob' in value)) {
    return { contents: [withDefaults(value as JSONObject)] };
  }
  throw new TypeError(
    `Read handler for ${uri} returned ${value === null ? 'null' : typeof value}; expected text, bytes, contents or a ReadResourceResult`,
  );
}

export type { UriVariables };
