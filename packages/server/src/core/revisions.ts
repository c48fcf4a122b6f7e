// biome-ignore-all lint/suspicious/noDuplicateEnumValues: features that one revision introduced share its date
import { isSupportedProtocolVersion, type ProtocolVersion } from '@mcpkit/protocol/essentials';

// Which revision introduced each feature the server may send. A session speaking an older
// revision never receives a field or content type its revision does not define: the shaping
// functions in shape-results.ts consult this table.

/**
 * @internal The first revision of each feature the server gates by negotiated version, for the
 * core's own checks (`atLeast(version, Since.title)`): a bundler inlines an enum's values, so a
 * server bundle carries the dates where they are compared and no table (the `FEATURE_SINCE` table
 * and `supports` stay for applications; revisions.test.ts holds the two equal).
 */
export enum Since {
  /** Tool annotations (readOnlyHint, ...), `completions` capability, progress `message`. */
  toolAnnotations = '2025-03-26',
  audioContent = '2025-03-26',
  completionsCapability = '2025-03-26',
  progressMessage = '2025-03-26',
  /** `title` on tools, resources, templates, prompts, prompt arguments and implementations. */
  title = '2025-06-18',
  structuredContent = '2025-06-18',
  outputSchema = '2025-06-18',
  resourceLink = '2025-06-18',
  elicitation = '2025-06-18',
  /** `_meta` on definitions and content blocks; `lastModified` in annotations. */
  definitionMeta = '2025-06-18',
  annotationsLastModified = '2025-06-18',
  completionContext = '2025-06-18',
  icons = '2025-11-25',
  urlElicitation = '2025-11-25',
  samplingTools = '2025-11-25',
  /** includeContext other than 'none' needs the client's `sampling.context` capability. */
  samplingContextCapability = '2025-11-25',
  toolExecution = '2025-11-25',
  /** Experimental tasks (task-augmented requests, tasks/*). */
  tasks = '2025-11-25',
  /** `description` and `websiteUrl` on implementations. */
  implementationDetails = '2025-11-25',
  /**
   * `capabilities.extensions` (SEP-2133): its capabilities object is open, and extensions such as
   * skills (SEP-2640) are negotiated there; the tasks extension alone stays 2026-07-28 only.
   */
  extensions = '2025-11-25',
  resultType = '2026-07-28',
  /** `outputSchema` of any type and `structuredContent` of any JSON value (before: objects only). */
  anyStructuredContent = '2026-07-28',
}

/** The first revision of each feature the server gates by negotiated version (see `supports`). */
export const FEATURE_SINCE = {
  /** Tool annotations (readOnlyHint, ...), `completions` capability, progress `message`. */
  toolAnnotations: '2025-03-26',
  audioContent: '2025-03-26',
  completionsCapability: '2025-03-26',
  progressMessage: '2025-03-26',
  /** `title` on tools, resources, templates, prompts, prompt arguments and implementations. */
  title: '2025-06-18',
  structuredContent: '2025-06-18',
  outputSchema: '2025-06-18',
  resourceLink: '2025-06-18',
  elicitation: '2025-06-18',
  /** `_meta` on definitions and content blocks; `lastModified` in annotations. */
  definitionMeta: '2025-06-18',
  annotationsLastModified: '2025-06-18',
  completionContext: '2025-06-18',
  icons: '2025-11-25',
  urlElicitation: '2025-11-25',
  samplingTools: '2025-11-25',
  /** includeContext other than 'none' needs the client's `sampling.context` capability. */
  samplingContextCapability: '2025-11-25',
  toolExecution: '2025-11-25',
  /** Experimental tasks (task-augmented requests, tasks/*). */
  tasks: '2025-11-25',
  /** `description` and `websiteUrl` on implementations. */
  implementationDetails: '2025-11-25',
  /**
   * `capabilities.extensions` (SEP-2133): its capabilities object is open, and extensions such as
   * skills (SEP-2640) are negotiated there; the tasks extension alone stays 2026-07-28 only.
   */
  extensions: '2025-11-25',
  resultType: '2026-07-28',
  /** `outputSchema` of any type and `structuredContent` of any JSON value (before: objects only). */
  anyStructuredContent: '2026-07-28',
} as const satisfies Record<string, ProtocolVersion>;

/** A feature the server enables only from the revision that introduced it (see `FEATURE_SINCE`). */
export type Feature = keyof typeof FEATURE_SINCE;

/**
 * Does `version` define `feature`? Unknown versions are treated as the newest. Asked several times
 * per request, so no table lookup for the usual answer: revisions are dates, so a known one that
 * has the feature compares as a string at least as late (revisions.test.ts holds the list to that).
 */
export function supports(version: string, feature: Feature): boolean {
  return atLeast(version, FEATURE_SINCE[feature]);
}

/** @internal `supports` for the core: is `version` `revision` or later (unknown ones count as newest)? */
export function atLeast(version: string, revision: string): boolean {
  return version >= revision || !isSupportedProtocolVersion(version);
}
