// `@mcpkit/client/skills`: the client side of the skills extension (SEP-2640), an entry of its own
// so clients that do not use skills do not bundle it. Nothing is read ahead of need: listing
// returns entries only, and a skill's files are fetched when `loadSkill` / `readSkillFile` ask for
// them, each checked against the listed size and SHA-256 digest before it is returned.

import type { RequestOptions } from '@mcpkit/jsonrpc';
import { parseSkillFrontmatter, SKILLS_EXTENSION_ID, skillFrontmatterProblem } from '@mcpkit/protocol';
import { type JSONObject, ReadResourceResultSchema, ResultSchema } from '@mcpkit/protocol/essentials';
import type { McpClient } from './client.js';

/** One file of a skill as the server lists it. */
export interface SkillResource {
  uri: string;
  /** `sha256:<64 hex>` of the file's bytes. */
  digest: string;
  size: number;
}

/** A skill as `skills/list` and `skills/get` return it. */
export interface SkillEntry {
  /** The skill's SKILL.md URI, `skill://<path>/SKILL.md`. */
  uri: string;
  /** The SKILL.md frontmatter, checked against the Agent Skills rules. */
  frontmatter: { name: string; description: string } & JSONObject;
  resources: SkillResource[];
}

/** A skill whose SKILL.md was fetched and verified. */
export interface LoadedSkill {
  entry: SkillEntry;
  /** The SKILL.md text, frontmatter included. */
  text: string;
}

/** A skill file fetched and verified. */
export interface SkillFileContent {
  uri: string;
  bytes: Uint8Array;
  /** The file as text, when the server sent text. */
  text: string | undefined;
  mimeType: string | undefined;
}

/** Why a skill or one of its files was refused. */
export type SkillsErrorCode =
  | 'SKILLS_NOT_SUPPORTED'
  | 'INVALID_SKILL_ENTRY'
  | 'FILE_NOT_LISTED'
  | 'SIZE_MISMATCH'
  | 'DIGEST_MISMATCH'
  | 'FRONTMATTER_MISMATCH';

/** A refused skill entry, or a skill file that failed verification (its content is not returned). */
export class SkillsError extends Error {
  override readonly name = 'SkillsError';
  readonly code: SkillsErrorCode;
  /** The skill or file URI concerned. */
  readonly uri: string | undefined;

  constructor(code: SkillsErrorCode, message: string, uri?: string) {
    super(message);
    this.code = code;
    this.uri = uri;
  }
}

/** One page of `skills/list`: valid entries, and those refused with the reason. */
export interface SkillsPage {
  skills: SkillEntry[];
  rejected: SkillsError[];
  nextCursor?: string;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MAX_PAGES = 100;

/** Does the connected server declare the skills extension? */
export function serverSupportsSkills(client: McpClient): boolean {
  const extensions = client.serverCapabilities?.extensions as JSONObject | undefined;
  return extensions !== undefined && Object.hasOwn(extensions, SKILLS_EXTENSION_ID);
}

function requireSkills(client: McpClient): void {
  if (!serverSupportsSkills(client))
    throw new SkillsError(
      'SKILLS_NOT_SUPPORTED',
      `The server does not declare the ${SKILLS_EXTENSION_ID} extension`,
    );
}

/** Checks one raw entry; the SkillsError says what is wrong with it. */
export function checkSkillEntry(raw: unknown): SkillEntry | SkillsError {
  const entry = raw as Partial<SkillEntry> | null;
  const uri = typeof entry?.uri === 'string' ? entry.uri : undefined;
  const fail = (why: string) =>
    new SkillsError('INVALID_SKILL_ENTRY', `Skill entry ${uri ?? '(no uri)'}: ${why}`, uri);
  if (uri === undefined || !uri.endsWith('/SKILL.md'))
    return fail('uri must be a string ending in /SKILL.md');
  const problem = skillFrontmatterProblem(entry?.frontmatter);
  if (problem !== undefined) return fail(problem);
  const segments = uri.split('/');
  if (segments[segments.length - 2] !== entry!.frontmatter!.name)
    return fail(
      `the last skill-path segment must equal frontmatter name ${JSON.stringify(entry!.frontmatter!.name)}`,
    );
  if (!Array.isArray(entry!.resources)) return fail('resources must be an array');
  const base = uri.slice(0, -'SKILL.md'.length);
  for (const file of entry!.resources) {
    if (typeof file?.uri !== 'string' || !file.uri.startsWith(base))
      return fail(`resource ${JSON.stringify(file?.uri)} is not inside the skill (${base})`);
    if (typeof file.digest !== 'string' || !DIGEST.test(file.digest))
      return fail(`resource ${file.uri} digest must be sha256:<64 lowercase hex>`);
    if (!Number.isSafeInteger(file.size) || file.size < 0)
      return fail(`resource ${file.uri} size must be a byte count`);
  }
  if (!entry!.resources.some((file) => file.uri === uri))
    return fail('resources must list the SKILL.md itself');
  return entry as SkillEntry;
}

/** One page of `skills/list`. Entries that break SEP-2640 or the Agent Skills rules go to `rejected`. */
export async function listSkills(
  client: McpClient,
  cursor?: string,
  options?: RequestOptions,
): Promise<SkillsPage> {
  requireSkills(client);
  const result = await client.request(
    'skills/list',
    cursor === undefined ? {} : { cursor },
    ResultSchema,
    options,
  );
  if (!Array.isArray(result.skills))
    throw new SkillsError('INVALID_SKILL_ENTRY', 'skills/list result has no skills array');
  const page: SkillsPage = { skills: [], rejected: [] };
  for (const raw of result.skills) {
    const checked = checkSkillEntry(raw);
    if (checked instanceof SkillsError) page.rejected.push(checked);
    else page.skills.push(checked);
  }
  if (typeof result.nextCursor === 'string') page.nextCursor = result.nextCursor;
  return page;
}

/** Every page of `skills/list` (at most 100 pages). */
export async function listAllSkills(client: McpClient, options?: RequestOptions): Promise<SkillsPage> {
  const all: SkillsPage = { skills: [], rejected: [] };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await listSkills(client, cursor, options);
    all.skills.push(...page.skills);
    all.rejected.push(...page.rejected);
    if (page.nextCursor === undefined) return all;
    if (seen.has(page.nextCursor)) break;
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  throw new SkillsError(
    'INVALID_SKILL_ENTRY',
    `skills/list did not end within ${MAX_PAGES} pages (or repeated a cursor)`,
  );
}

/** `skills/get`: one skill's entry by its SKILL.md URI; throws SkillsError on an invalid entry. */
export async function getSkill(
  client: McpClient,
  uri: string,
  options?: RequestOptions,
): Promise<SkillEntry> {
  requireSkills(client);
  const result = await client.request('skills/get', { uri }, ResultSchema, options);
  const checked = checkSkillEntry(result.skill);
  if (checked instanceof SkillsError) throw checked;
  return checked;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Reads one file the entry lists and verifies its size and digest; a file the entry does not list,
 * or one that fails verification, throws SkillsError and its content is not returned.
 */
export async function readSkillFile(
  client: McpClient,
  entry: SkillEntry,
  uri: string,
  options?: RequestOptions,
): Promise<SkillFileContent> {
  const listed = entry.resources.find((file) => file.uri === uri);
  if (listed === undefined)
    throw new SkillsError('FILE_NOT_LISTED', `${uri} is not among the files of skill ${entry.uri}`, uri);
  const result = await client.request('resources/read', { uri }, ReadResourceResultSchema, options);
  const item = result.contents.find((contents) => contents.uri === uri) ?? result.contents[0];
  let bytes: Uint8Array;
  let text: string | undefined;
  if (item !== undefined && 'text' in item && typeof item.text === 'string') {
    text = item.text;
    bytes = new TextEncoder().encode(text);
  } else if (item !== undefined && 'blob' in item && typeof item.blob === 'string') {
    bytes = Uint8Array.from(atob(item.blob), (char) => char.charCodeAt(0));
  } else {
    throw new SkillsError('SIZE_MISMATCH', `resources/read of ${uri} returned no contents`, uri);
  }
  if (bytes.byteLength !== listed.size)
    throw new SkillsError(
      'SIZE_MISMATCH',
      `${uri} is ${bytes.byteLength} bytes but its skill entry says ${listed.size}; content refused`,
      uri,
    );
  const digest = await sha256(bytes);
  if (digest !== listed.digest)
    throw new SkillsError(
      'DIGEST_MISMATCH',
      `${uri} has digest ${digest}, not the listed ${listed.digest}; content refused`,
      uri,
    );
  return { uri, bytes, text, mimeType: item.mimeType };
}

/**
 * Loads a skill: fetches its SKILL.md, verifies size and digest, and compares the file's
 * frontmatter field by field with the entry's; any difference refuses the skill (SkillsError).
 */
export async function loadSkill(
  client: McpClient,
  entry: SkillEntry,
  options?: RequestOptions,
): Promise<LoadedSkill> {
  const file = await readSkillFile(client, entry, entry.uri, options);
  const text = file.text ?? new TextDecoder().decode(file.bytes);
  let frontmatter: JSONObject;
  try {
    frontmatter = parseSkillFrontmatter(text);
  } catch (error) {
    throw new SkillsError('FRONTMATTER_MISMATCH', `${entry.uri}: ${(error as Error).message}`, entry.uri);
  }
  const keys = new Set([...Object.keys(frontmatter), ...Object.keys(entry.frontmatter)]);
  for (const key of keys) {
    if (!sameJson(frontmatter[key] ?? null, entry.frontmatter[key] ?? null))
      throw new SkillsError(
        'FRONTMATTER_MISMATCH',
        `${entry.uri}: frontmatter ${key} is ${JSON.stringify(frontmatter[key])} in the file but ${JSON.stringify(entry.frontmatter[key])} in the entry; skill refused`,
        entry.uri,
      );
  }
  return { entry, text };
}

/** Deep equality of JSON values, key order aside. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as JSONObject)[key], (b as JSONObject)[key]))
  );
}
