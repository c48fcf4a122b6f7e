import { parseSkillFrontmatter, skillFrontmatterProblem } from '@mcpkit/protocol';
import type { JSONObject } from '@mcpkit/protocol/essentials';

// One skill prepared for serving: its files' bytes, digests and sizes computed once, when the
// skill is added, so every skills/list answers from memory and always matches what resources/read
// returns (the content and its digest change together, by replacing the skill).

/** A file of a skill: its path inside the skill directory and its content. */
export interface SkillFile {
  /** Relative path with `/` separators, e.g. `SKILL.md` or `references/FORMS.md`. */
  path: string;
  content: string | Uint8Array;
  /** Default: from the extension (`.md` text/markdown, `.txt` text/plain, ...). */
  mimeType?: string;
}

/** A skill to serve: where it lives under `skill://` and its files (SKILL.md among them). */
export interface SkillDefinition {
  /** The skill path: `pdf-processing`, or `acme/pdf-processing`; its last segment is the name. */
  path: string;
  files: readonly SkillFile[];
  /** The SKILL.md frontmatter as JSON; default: parsed from SKILL.md (flat YAML subset). */
  frontmatter?: JSONObject;
}

/** Most files in one skill (SEP-2640). */
export const MAX_SKILL_FILES = 512;
/** Most bytes in one skill, all files together (SEP-2640: 16 MiB). */
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

const NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const SEGMENT = /^[A-Za-z0-9\-._~]+$/;

/** A file ready to serve. */
export interface PreparedFile {
  path: string;
  uri: string;
  bytes: Uint8Array;
  digest: string;
  mimeType: string;
  text: string | undefined;
}

/** A skill ready to serve. */
export interface PreparedSkill {
  path: string;
  uri: string;
  frontmatter: JSONObject;
  files: PreparedFile[];
  /** Directory URIs (the skill root and every subdirectory) to their direct children. */
  directories: Map<string, { files: PreparedFile[]; subdirectories: string[] }>;
}

const MIME_TYPES: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  js: 'text/javascript',
  ts: 'text/typescript',
  html: 'text/html',
  csv: 'text/csv',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 && MIME_TYPES[path.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

function checkPath(path: string, what: string): string[] {
  const segments = path.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..')
      throw new TypeError(
        `${what} ${JSON.stringify(path)}: segment ${JSON.stringify(segment)} is not a plain name`,
      );
  }
  return segments;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function asText(bytes: Uint8Array, mimeType: string): string | undefined {
  if (!(mimeType.startsWith('text/') || mimeType === 'application/json' || mimeType.endsWith('yaml')))
    return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Checks a skill against SEP-2640 and the Agent Skills rules and computes its digests. */
export async function prepareSkill(skill: SkillDefinition): Promise<PreparedSkill> {
  const segments = checkPath(skill.path, 'Skill path');
  const name = segments[segments.length - 1]!;
  if (!NAME.test(name))
    throw new TypeError(
      `Skill name ${JSON.stringify(name)} (last segment of ${skill.path}) breaks the Agent Skills rules: 1-64 lowercase letters, digits and single hyphens, no hyphen at either end`,
    );
  if (skill.files.length > MAX_SKILL_FILES)
    throw new TypeError(
      `Skill ${skill.path} has ${skill.files.length} files; at most ${MAX_SKILL_FILES} are allowed`,
    );
  const base = `skill://${skill.path}`;
  const files: PreparedFile[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const file of skill.files) {
    checkPath(file.path, `File path in skill ${skill.path}:`);
    if (seen.has(file.path)) throw new TypeError(`Skill ${skill.path} lists ${file.path} twice`);
    seen.add(file.path);
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    total += bytes.byteLength;
    if (total > MAX_SKILL_BYTES)
      throw new TypeError(
        `Skill ${skill.path} is larger than ${MAX_SKILL_BYTES} bytes (16 MiB), the most allowed`,
      );
    const mimeType = file.mimeType ?? mimeTypeOf(file.path);
    const text = asText(bytes, mimeType);
    files.push({
      path: file.path,
      uri: `${base}/${file.path}`,
      bytes,
      digest: await sha256(bytes),
      mimeType,
      text,
    });
  }
  const manifest = files.find((file) => file.path === 'SKILL.md');
  if (manifest?.text === undefined)
    throw new TypeError(`Skill ${skill.path} has no UTF-8 SKILL.md at its root`);
  let frontmatter: JSONObject;
  try {
    frontmatter = skill.frontmatter ?? parseSkillFrontmatter(manifest.text);
  } catch (error) {
    throw new TypeError(`Skill ${skill.path}: ${(error as Error).message}`);
  }
  if (frontmatter.name !== name)
    throw new TypeError(
      `Skill ${skill.path}: frontmatter name ${JSON.stringify(frontmatter.name)} must equal the last path segment ${JSON.stringify(name)}`,
    );
  const problem = skillFrontmatterProblem(frontmatter);
  if (problem !== undefined) throw new TypeError(`Skill ${skill.path}: ${problem}`);
  return {
    path: skill.path,
    uri: `${base}/SKILL.md`,
    frontmatter,
    files,
    directories: directoriesOf(base, files),
  };
}

function directoriesOf(base: string, files: PreparedFile[]): PreparedSkill['directories'] {
  const directories: PreparedSkill['directories'] = new Map([[base, { files: [], subdirectories: [] }]]);
  for (const file of files) {
    const segments = file.path.split('/');
    let parent = base;
    for (const segment of segments.slice(0, -1)) {
      const child = `${parent}/${segment}`;
      if (!directories.has(child)) {
        directories.set(child, { files: [], subdirectories: [] });
        directories.get(parent)!.subdirectories.push(child);
      }
      parent = child;
    }
    directories.get(parent)!.files.push(file);
  }
  return directories;
}

/** The skills/list and skills/get entry of a skill. */
export function entryOf(skill: PreparedSkill): JSONObject {
  return {
    uri: skill.uri,
    frontmatter: skill.frontmatter,
    resources: skill.files.map((file) => ({
      uri: file.uri,
      digest: file.digest,
      size: file.bytes.byteLength,
    })),
  };
}
